import { JudgeStatus } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppEvents } from '../../app-events.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../problem/problem.store.js';
import { trainingChanged } from './training.rank.js';

/**
 * Training progress and rank, kept incrementally (issue 11 "Progress and rank"). A user's cell for a problem of a
 * training comes from their practice submissions (cid 0, made in the training or not, before it existed too):
 * Accepted with the fastest accepted run time (ms) when any was accepted, else the latest submission's status and
 * time. `training_records` holds the cells by problem id with `ac` (cells accepted) and `totalTime` (sum of their
 * run times). The seams below update one cell per verdict, rejudge reset and new submission; adding or removing a
 * problem updates that problem's cells; nothing is recomputed per request.
 */

const AC = JudgeStatus.ACCEPTED;

/** Writes the cells selected by `filter` (over training_problems tp and submissions s) into the records. */
async function applyCells(tx: Tx | Db, filter: SQL): Promise<void> {
  await tx.execute(sql`
    WITH cells AS (
      SELECT tp.tid, s.uid, s.pid,
        bool_or(s.status = ${AC}) AS ac,
        min(s.time) FILTER (WHERE s.status = ${AC}) AS ac_time,
        (array_agg(s.status ORDER BY s.id DESC))[1] AS last_status,
        (array_agg(s.time ORDER BY s.id DESC))[1] AS last_time
      FROM training_problems tp JOIN submissions s ON s.pid = tp.pid AND s.cid = 0
      WHERE ${filter}
      GROUP BY tp.tid, s.uid, s.pid
    ), agg AS (
      SELECT tid, uid, jsonb_object_agg(pid::text, jsonb_build_object(
        'status', CASE WHEN ac THEN ${AC} ELSE last_status END,
        'time', CASE WHEN ac THEN ac_time ELSE last_time END)) AS info
      FROM cells GROUP BY tid, uid
    )
    INSERT INTO training_records (tid, uid, info) SELECT tid, uid, info FROM agg
    ON CONFLICT (tid, uid) DO UPDATE SET info = training_records.info || EXCLUDED.info`);
}

/** Recomputes `ac` and `totalTime` from the cells of the records selected by `scope` (over training_records r). */
async function recount(tx: Tx | Db, scope: SQL): Promise<void> {
  await tx.execute(sql`
    UPDATE training_records r SET
      ac = (SELECT count(*) FROM jsonb_each(r.info) e WHERE (e.value->>'status')::int = ${AC}),
      total_time = (SELECT coalesce(sum((e.value->>'time')::bigint), 0) FROM jsonb_each(r.info) e
                    WHERE (e.value->>'status')::int = ${AC})
    WHERE ${scope}`);
}

/** Drops records left without cells of users not registered (they were only there for a removed problem). */
async function dropEmpty(tx: Tx | Db, tid: number): Promise<void> {
  await tx.execute(sql`
    DELETE FROM training_records r WHERE r.tid = ${tid} AND r.info = '{}'::jsonb
      AND NOT EXISTS (SELECT 1 FROM training_registers g WHERE g.tid = r.tid AND g.uid = r.uid)`);
}

/**
 * Moves the rank version of the trainings selected by `which` (SQL over trainings t), locking their rows in id
 * order (before any record, so concurrent writers cannot deadlock on them); the cached rank pages of every process
 * go stale (training.rank.ts). Returns how many trainings it moved; this process forgets its reused training rows
 * at once.
 */
async function bumpRank(tx: Tx | Db, which: SQL): Promise<number> {
  const res = await tx.execute(sql`
    WITH t AS (SELECT id FROM trainings t WHERE ${which} ORDER BY id FOR UPDATE)
    UPDATE trainings SET rank_version = rank_version + 1 FROM t WHERE trainings.id = t.id
    RETURNING trainings.id`);
  const rows = (res as unknown as { rows: { id: number | string }[] }).rows;
  for (const r of rows) trainingChanged(Number(r.id));
  return rows.length;
}

/** Updates the cell of (uid, pid) in every training holding pid: one verdict, reset or new submission. */
export async function refreshCell(tx: Tx | Db, uid: string, pid: number): Promise<void> {
  // Most verdicts are for problems in no training: one statement, not three, on the verdict's path.
  if ((await bumpRank(tx, sql`t.id IN (SELECT tid FROM training_problems WHERE pid = ${pid})`)) === 0) return;
  await applyCells(tx, sql`tp.pid = ${pid} AND s.uid = ${uid}`);
  await recount(tx, sql`r.uid = ${uid} AND r.tid IN (SELECT tid FROM training_problems WHERE pid = ${pid})`);
}

/** A problem joined the training: every user's cell for it (submissions made before count, as HOJ does). */
export async function problemAdded(tx: Tx | Db, tid: number, pid: number): Promise<void> {
  await bumpRank(tx, sql`t.id = ${tid}`);
  await applyCells(tx, sql`tp.tid = ${tid} AND tp.pid = ${pid}`);
  await recount(tx, sql`r.tid = ${tid} AND r.info ? ${String(pid)}`);
}

/** A problem left the training: its cells go, the counts follow. */
export async function problemRemoved(tx: Tx | Db, tid: number, pid: number): Promise<void> {
  await bumpRank(tx, sql`t.id = ${tid}`);
  await tx.execute(sql`
    UPDATE training_records SET info = info - ${String(pid)}::text
    WHERE tid = ${tid} AND info ? ${String(pid)}`);
  await recount(tx, sql`r.tid = ${tid}`);
  await dropEmpty(tx, tid);
}

/** Rebuilds every record of a training from the submissions (repairs, benchmarks); seconds for 500,000 rows. */
export async function rebuildTraining(tx: Tx | Db, tid: number): Promise<void> {
  await bumpRank(tx, sql`t.id = ${tid}`);
  await tx.execute(sql`UPDATE training_records SET info = '{}'::jsonb WHERE tid = ${tid}`);
  await applyCells(tx, sql`tp.tid = ${tid}`);
  await recount(tx, sql`r.tid = ${tid}`);
  await dropEmpty(tx, tid);
}

/** A user registered for a training: they get their row on its rank at once (zero until they solve something). */
export async function ensureRecord(tx: Tx | Db, tid: number, uid: string): Promise<void> {
  await bumpRank(tx, sql`t.id = ${tid}`);
  await tx.execute(sql`
    INSERT INTO training_records (tid, uid) VALUES (${tid}, ${uid}) ON CONFLICT (tid, uid) DO NOTHING`);
}

/**
 * Registers the training cells' listeners (the training plugin calls it once): a practice submission (cid 0; a
 * training submission is one, contest submissions never count here) refreshes its one cell when it is queued, when
 * its verdict lands and when a rejudge resets it.
 */
export function registerTrainingProgress(events: AppEvents): void {
  const practiceCell = async (tx: Tx, e: { cid: number; uid: string; pid: number }) => {
    if (e.cid === 0) await refreshCell(tx, e.uid, e.pid);
  };
  const area = 'training';
  events.on('submission/judged', practiceCell, { area });
  events.on('submission/reset', practiceCell, { area });
  events.on('submission/queued', practiceCell, { area });
}
