import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminProgress } from '../../db/schema/index.js';

/**
 * The progress records in the database (table `admin_progress`, migration 0021): what withProgress writes and the
 * poll reads, so that every server process and instance on the database answers the poll (docs/operations.md
 * "Progress of long work").
 */
export interface Progress {
  id: string;
  kind: 'import' | 'rejudge';
  /** Items finished (problems imported or refused; submissions queued again). */
  done: number;
  /** Items in all, null until known (the package is still being read). */
  total: number | null;
  state: 'running' | 'done' | 'failed';
  startedAt: number;
  /** Rejudge: the submissions queued again, whose verdicts the poll counts as `judged`. */
  submissionIds?: number[];
}

/** How long a job's record stays readable after its last write (its end, for a finished job). */
export const KEEP_MS = 60 * 60 * 1000;
/** At most this many finished jobs are kept (the least recently written go first). */
export const MAX_JOBS = 1000;
/**
 * A running job's process writes at least every minute (progress.ts); a `running` record not written for this long
 * belongs to a process that died or lost its database, and reads as `failed` (its id may then be used again).
 */
export const STALE_MS = 10 * 60 * 1000;

const ago = (ms: number) => sql`now() - ${sql.raw(`interval '${ms} milliseconds'`)}`;

/**
 * Starts the record of job `id` of user `uid` (running, 0 done, total unknown), replacing a finished, expired or
 * stale one under the same id. Deletes first the records past KEEP_MS and the oldest finished beyond MAX_JOBS.
 * `startedAt` (millisecond precision) then identifies this run in writeProgress. Returns false, writing nothing,
 * when a job of this user still running (not stale) holds the id.
 */
export async function startProgress(
  db: Db,
  uid: string,
  id: string,
  kind: Progress['kind'],
  startedAt: Date,
): Promise<boolean> {
  await db.execute(sql`
    DELETE FROM ${adminProgress}
    WHERE ${adminProgress.updatedAt} < ${ago(KEEP_MS)}
       OR (${adminProgress.state} <> 'running' AND (${adminProgress.uid}, ${adminProgress.id}) IN (
         SELECT p.uid, p.id FROM ${adminProgress} p WHERE p.state <> 'running'
         ORDER BY p.updated_at DESC OFFSET ${MAX_JOBS - 1}))`);
  const fresh = { kind, done: 0, total: null, state: 'running', startedAt, submissionIds: null };
  const rows = await db
    .insert(adminProgress)
    .values({ uid, id, ...fresh })
    .onConflictDoUpdate({
      target: [adminProgress.uid, adminProgress.id],
      set: { ...fresh, updatedAt: sql`now()` },
      setWhere: sql`${adminProgress.state} <> 'running' OR ${adminProgress.updatedAt} < ${ago(STALE_MS)}`,
    })
    .returning({ id: adminProgress.id });
  return rows.length === 1;
}

/**
 * Writes `done`, `total` and the time of this write to the record of the run `startedAt` of job `id` (a record
 * taken over by a later run is left alone); also `state` and `submissionIds` when given.
 */
export async function writeProgress(
  db: Db,
  uid: string,
  p: Progress,
  startedAt: Date,
  extra: { state?: Progress['state']; submissionIds?: number[] },
): Promise<void> {
  await db
    .update(adminProgress)
    .set({ done: p.done, total: p.total, updatedAt: sql`now()`, ...extra })
    .where(
      and(eq(adminProgress.uid, uid), eq(adminProgress.id, p.id), eq(adminProgress.startedAt, startedAt)),
    );
}

/**
 * The job `id` of user `uid`, or undefined (never started, another user's, or past KEEP_MS). A running record not
 * written for STALE_MS comes back `failed`: the process that ran it is gone.
 */
export async function readProgress(db: Db, uid: string, id: string): Promise<Progress | undefined> {
  const [r] = await db
    .select({
      kind: adminProgress.kind,
      done: adminProgress.done,
      total: adminProgress.total,
      state: adminProgress.state,
      startedAt: adminProgress.startedAt,
      submissionIds: adminProgress.submissionIds,
      stale: sql<boolean>`${adminProgress.updatedAt} < ${ago(STALE_MS)}`,
    })
    .from(adminProgress)
    .where(
      and(eq(adminProgress.uid, uid), eq(adminProgress.id, id), gt(adminProgress.updatedAt, ago(KEEP_MS))),
    );
  if (!r) return undefined;
  const state = r.state === 'running' && r.stale ? 'failed' : (r.state as Progress['state']);
  return {
    id,
    kind: r.kind as Progress['kind'],
    done: r.done,
    total: r.total,
    state,
    startedAt: r.startedAt.getTime(),
    ...(r.submissionIds ? { submissionIds: r.submissionIds } : {}),
  };
}
