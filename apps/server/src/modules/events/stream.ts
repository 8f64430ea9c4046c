import type { ServerResponse } from 'node:http';
import type { SessionUser } from '../../context.js';

/**
 * One open `GET /api/events` response (issue 10 §4; docs/events.md): writes server-sent events in order. Work for
 * the stream is chained (`enqueue`), so events go out in the order they were handed over even when deciding whether
 * to send one needs the database; the SSE `id` written never goes back.
 */
export class LiveStream {
  /** The last `id:` written (the browser's Last-Event-ID from here on). */
  lastId = 0;
  closed = false;
  /** When the stream is closed for the browser to resume (bounds how long a revoked session keeps a stream). */
  readonly endAt: number;
  /** Ids sent during the replay: their live copies are skipped (cleared by the first keep-alive after it). */
  replayed: Set<number> | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly raw: ServerResponse,
    readonly user: SessionUser | null,
    readonly ip: string,
    lifetimeMs: number,
  ) {
    this.endAt = Date.now() + lifetimeMs;
  }

  /** Runs `job` after everything enqueued before it (a failing job is dropped; the chain goes on). */
  enqueue(job: () => Promise<void> | void): void {
    this.chain = this.chain.then(job).catch(() => undefined);
  }

  /** Bytes written but not yet taken by the client (a stalled reader grows it). */
  get backlog(): number {
    return this.raw.writableLength;
  }

  /** Writes one event; `id` (when given) is raised to the last one written if lower. */
  send(type: string, data: unknown, id?: number | null): void {
    if (this.closed) return;
    let text = '';
    if (id != null) {
      this.lastId = Math.max(this.lastId, id);
      text += `id: ${this.lastId}\n`;
    }
    text += `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
    this.raw.write(text);
  }

  /** A keep-alive: a comment, with the id line alone when `id` moved past the last one (no event is dispatched). */
  keepAlive(id: number): void {
    if (this.closed) return;
    if (id > this.lastId) {
      this.lastId = id;
      this.raw.write(`id: ${id}\n\n`);
    } else this.raw.write(':\n\n');
  }

  /** Ends the response (the browser reconnects, resuming from its last id). */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.raw.end();
  }
}
