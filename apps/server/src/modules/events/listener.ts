import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppContext } from '../../context.js';

/**
 * The one listening connection of a server process (issue 10 §4; docs/events.md). PostgreSQL: a dedicated client
 * (not one of the pool's) that runs `LISTEN` on the channels and reconnects with backoff when it is dropped,
 * telling the caller (`onConnected`) so that it can catch up on what it missed meanwhile. PGlite: the embedded
 * database's own in-process `LISTEN` (notifications arrive when the notifying transaction commits, as on
 * PostgreSQL).
 */
export interface Listener {
  close(): Promise<void>;
}

/** What the listener reports. */
export interface ListenerHooks {
  onNotify(channel: string, payload: string): void;
  /** The listening connection is (again) up: anything notified while it was down must be read now. */
  onConnected(): void;
  onError(err: unknown): void;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/** The driver objects behind drizzle's handle (drizzle exposes them as `$client`). */
type Client = { $client: unknown };

/** Opens the listening connection on `channels` for the database of `ctx`. Rejects when the first connect fails. */
export async function openListener(
  ctx: AppContext,
  channels: string[],
  hooks: ListenerHooks,
): Promise<Listener> {
  const client = (ctx.db as unknown as Client).$client;
  if (ctx.dbKind === 'pglite') {
    const lite = client as PGlite;
    const offs = await Promise.all(channels.map((c) => lite.listen(c, (p) => hooks.onNotify(c, p))));
    hooks.onConnected();
    return {
      async close() {
        if (lite.closed) return;
        await Promise.all(offs.map((off) => off().catch(() => undefined)));
      },
    };
  }
  const options = (client as pg.Pool).options as pg.ClientConfig;
  return PgListener.open({ ...options, keepAlive: true }, channels, hooks);
}

/** A dedicated node-postgres client that stays LISTENing. */
class PgListener implements Listener {
  private client: pg.Client | null = null;
  private closed = false;
  private delay = RECONNECT_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly config: pg.ClientConfig,
    private readonly channels: string[],
    private readonly hooks: ListenerHooks,
  ) {}

  static async open(config: pg.ClientConfig, channels: string[], hooks: ListenerHooks): Promise<PgListener> {
    const l = new PgListener(config, channels, hooks);
    await l.connect();
    return l;
  }

  private async connect(): Promise<void> {
    const c = new pg.Client(this.config);
    c.on('notification', (m) => this.hooks.onNotify(m.channel, m.payload ?? ''));
    c.on('error', (err) => {
      this.hooks.onError(err);
      this.lost(c);
    });
    c.on('end', () => this.lost(c));
    try {
      await c.connect();
      for (const ch of this.channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.delay = RECONNECT_FIRST_MS;
    this.hooks.onConnected();
  }

  /** The connection ended: reconnect after a growing delay (unless closing). */
  private lost(c: pg.Client): void {
    if (this.client !== c || this.closed) return;
    this.client = null;
    c.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().catch((err) => {
        this.hooks.onError(err);
        this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
        this.retry();
      });
    }, this.delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
