import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type Progress, startProgress, writeProgress } from './progress.store.js';

export type { Progress } from './progress.store.js';

/**
 * Progress of long admin work (issue 28): an import of many problems, a rejudge of many submissions. The page
 * picks an id (`progressId` in the request's query string), sends the request, and polls
 * GET /api/admin/progress?id= while it runs: `{ kind, done, total, state }`, `done` counting up to `total`.
 * Kept in the database (progress.store.ts), so any server process or instance answers the poll; the work reports
 * through `progressTotal`, `progressStep` and `progressSubmissions` on this process's record of the job, written out
 * at most every FLUSH_MS and always at the end (docs/operations.md "Progress of long work").
 */

/** A running job's record is written at most this often (ms): an import of thousands of items is not slowed. */
const FLUSH_MS = 250;
/** And at least this often (ms) while it runs, so that a record left `running` by a dead process reads as failed. */
const BEAT_MS = 60 * 1000;

/** The id a page may choose: 8 to 64 letters, digits, `-` or `_` (a UUID fits). */
export const progressIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _');

/**
 * One running job of this process: its record in memory, written to the database coalesced. Writes run outside the
 * work's async context (`AsyncResource.bind`): a step reported inside a transaction must not issue its write as a
 * query of that transaction's caller (db/pglite-guard.ts), and nobody awaits it there.
 */
class ProgressWriter {
  private dirty = false;
  private idsDirty = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private lastWrite = Date.now();
  private readonly flushOutside = AsyncResource.bind(() => this.flush());
  private readonly beat = setInterval(
    AsyncResource.bind(() => this.changed()),
    BEAT_MS,
  ).unref();

  constructor(
    private readonly db: Db,
    private readonly uid: string,
    readonly p: Progress,
    private readonly startedAt: Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The record changed (`ids`: the submissions too): written within FLUSH_MS. */
  changed(ids = false): void {
    this.dirty = true;
    if (ids) this.idsDirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer || this.writing) return; // a write in flight schedules the next when it ends
    const wait = Math.max(0, this.lastWrite + FLUSH_MS - Date.now());
    this.timer = setTimeout(this.flushOutside, wait).unref();
  }

  private flush(): void {
    this.timer = null;
    if (this.closed || this.writing || !this.dirty) return;
    this.dirty = false;
    this.lastWrite = Date.now();
    this.writing = this.write({})
      .catch((err) => this.log.warn({ err, progressId: this.p.id }, 'progress: writing the record failed'))
      .finally(() => {
        this.writing = null;
        if (this.dirty) this.schedule();
      });
  }

  private write(extra: { state?: Progress['state'] }): Promise<void> {
    const ids = this.idsDirty && this.p.submissionIds ? { submissionIds: this.p.submissionIds } : {};
    this.idsDirty = false;
    return writeProgress(this.db, this.uid, this.p, this.startedAt, { ...extra, ...ids });
  }

  /**
   * Ends the job `state` and writes the record once more, after any write in flight. A failed write is logged, not
   * thrown: the work's own answer matters more (the record then reads as failed after STALE_MS).
   */
  async finish(state: 'done' | 'failed'): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    if (this.timer) clearTimeout(this.timer);
    await this.writing;
    this.p.state = state;
    if (state === 'done' && this.p.total === null) this.p.total = this.p.done;
    try {
      await this.write({ state });
    } catch (err) {
      this.log.error({ err, progressId: this.p.id }, 'progress: writing the end of the job failed');
    }
  }
}

const current = new AsyncLocalStorage<ProgressWriter>();

/**
 * Runs `work` under a progress record when the request's query carries `progressId` (else just runs it): the
 * record belongs to the signed-in user `uid` (another user's poll cannot see it) and ends `done` or `failed` with
 * the work, written before this returns. Importers and the rejudge report through `progressTotal` and
 * `progressStep`. Throws 400 naming `progressId` when it is malformed, or already used by a job of this user still
 * running (on any process; one whose process died frees the id after STALE_MS).
 */
export async function withProgress<T>(
  req: FastifyRequest,
  uid: string,
  kind: Progress['kind'],
  work: () => Promise<T>,
): Promise<T> {
  const raw = (req.query as Record<string, unknown> | undefined)?.progressId;
  if (raw === undefined || raw === '') return work();
  const parsed = progressIdSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('validation.invalid', {
      field: 'query.progressId',
      detail: parsed.error.issues[0].message,
    });
  const db = req.server.ctx.db;
  const startedAt = new Date();
  if (!(await startProgress(db, uid, parsed.data, kind, startedAt)))
    throw badRequest('validation.invalid', {
      field: 'query.progressId',
      detail: 'in use by a job of yours still running',
    });
  const p: Progress = {
    id: parsed.data,
    kind,
    done: 0,
    total: null,
    state: 'running',
    startedAt: startedAt.getTime(),
  };
  const writer = new ProgressWriter(db, uid, p, startedAt, req.log);
  let result: T;
  try {
    result = await current.run(writer, work);
  } catch (e) {
    await writer.finish('failed');
    throw e;
  }
  await writer.finish('done');
  return result;
}

/** Sets the current job's total (items in all); adds to it when called again (several files of one upload). */
export function progressTotal(n: number): void {
  const w = current.getStore();
  if (!w) return;
  w.p.total = (w.p.total ?? 0) + n;
  w.changed();
}

/** One more item of the current job finished (written with the next coalesced write, not now). */
export function progressStep(): void {
  const w = current.getStore();
  if (!w) return;
  w.p.done++;
  w.changed();
}

/** Rejudge: remembers the submissions queued again (the poll counts their verdicts). */
export function progressSubmissions(ids: number[]): void {
  const w = current.getStore();
  if (!w) return;
  w.p.submissionIds = ids;
  w.changed(true);
}
