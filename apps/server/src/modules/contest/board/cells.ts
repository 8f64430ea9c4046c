import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contests } from '../../../db/schema/index.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import type { Tx } from '../../problem/problem.store.js';
import { boardRule } from './rules/index.js';
import type { BoardBounds } from './rules/types.js';

/** The contest columns a board is computed from. */
export interface BoardContest {
  id: number;
  type: number;
  startTime: Date;
  endTime: Date;
  sealRank: boolean;
  sealRankTime: Date | null;
  oiRankScoreType: string;
}

const CELL_COLUMNS = sql.raw(`(cid, uid, pid, r_count, ac_ms, r_wrong, e_wrong, s_wrong, r_pending, e_pending,
  s_pending, r_score, e_score, s_score, r_time, e_time, s_time, frozen, frozen_end)`);

/** The bounds a contest's cells are computed with (no seal unless `sealRank` is on). */
export function boundsOf(c: BoardContest): BoardBounds {
  return { start: c.startTime, end: c.endTime, seal: c.sealRank ? c.sealRankTime : null };
}

const same = (a: Date | string | null, b: Date | null) =>
  (a == null ? null : new Date(a).getTime()) === (b == null ? null : b.getTime());

/** Bumps the board's version (creating its row); answers the bounds its cells were last built with. */
export async function bumpVersion(tx: Tx | Db, cid: number) {
  const res = await tx.execute(sql`
    INSERT INTO contest_boards (cid, version) VALUES (${cid}, 1)
    ON CONFLICT (cid) DO UPDATE SET version = contest_boards.version + 1
    RETURNING start_time, end_time, seal_rank_time, type, oi_rank_score_type`);
  return rowsOf<{
    start_time: Date | string | null;
    end_time: Date | string | null;
    seal_rank_time: Date | string | null;
    type: number | null;
    oi_rank_score_type: string | null;
  }>(res)[0];
}

/** True when the stored cells were computed with this contest's current rule and times. */
function cellsMatch(b: Awaited<ReturnType<typeof bumpVersion>>, c: BoardContest): boolean {
  const bounds = boundsOf(c);
  return (
    b != null &&
    b.type === c.type &&
    b.oi_rank_score_type === c.oiRankScoreType &&
    same(b.start_time, bounds.start) &&
    same(b.end_time, bounds.end) &&
    same(b.seal_rank_time, bounds.seal)
  );
}

/** Recomputes every cell of the contest inside `tx` and records the bounds used (the version is already bumped). */
async function rebuildCells(tx: Tx | Db, c: BoardContest): Promise<void> {
  const bounds = boundsOf(c);
  const select = boardRule(c.type).cellsSql({
    cid: c.id,
    bounds,
    filter: sql`true`,
    oiRankScoreType: c.oiRankScoreType,
  });
  // The grouping of a large contest's submissions fits in memory instead of spilling to disk (this transaction only).
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
  await tx.execute(sql`DELETE FROM contest_cells WHERE cid = ${c.id}`);
  await tx.execute(sql`INSERT INTO contest_cells ${CELL_COLUMNS} ${select}`);
  await tx.execute(sql`
    UPDATE contest_boards SET start_time = ${bounds.start.toISOString()}::timestamptz,
      end_time = ${bounds.end.toISOString()}::timestamptz,
      seal_rank_time = ${bounds.seal ? bounds.seal.toISOString() : null}::timestamptz,
      type = ${c.type}, oi_rank_score_type = ${c.oiRankScoreType}, rebuilt_at = now()
    WHERE cid = ${c.id}`);
}

async function loadContest(tx: Tx | Db, cid: number): Promise<BoardContest | null> {
  const [c] = await tx
    .select({
      id: contests.id,
      type: contests.type,
      startTime: contests.startTime,
      endTime: contests.endTime,
      sealRank: contests.sealRank,
      sealRankTime: contests.sealRankTime,
      oiRankScoreType: contests.oiRankScoreType,
    })
    .from(contests)
    .where(eq(contests.id, cid));
  return c ?? null;
}

/**
 * Recomputes the one cell (cid, uid, pid) from that participant's submissions to that problem, inside the
 * caller's transaction (the verdict's, a new submission's or a rejudge's), and bumps the board's version. When the
 * contest's times or rule changed since the cells were built, rebuilds them all instead. No-op for an unknown
 * contest. Issue 9 §3 "Board speed".
 */
export async function refreshCell(tx: Tx | Db, cid: number, uid: string, pid: number): Promise<void> {
  const c = await loadContest(tx, cid);
  if (!c) return;
  const built = await bumpVersion(tx, cid);
  if (!cellsMatch(built, c)) {
    await rebuildCells(tx, c);
    return;
  }
  const select = boardRule(c.type).cellsSql({
    cid,
    bounds: boundsOf(c),
    filter: sql`uid = ${uid} AND pid = ${pid}`,
    oiRankScoreType: c.oiRankScoreType,
  });
  await tx.execute(sql`DELETE FROM contest_cells WHERE cid = ${cid} AND uid = ${uid} AND pid = ${pid}`);
  await tx.execute(sql`INSERT INTO contest_cells ${CELL_COLUMNS} ${select}`);
}

/**
 * Full rebuild of a contest's cells from its submissions, in one transaction (rejudge of a whole contest,
 * repairs, an edit of the contest's times). Bumps the version. Returns false for an unknown contest.
 */
export async function rebuildBoard(db: Db, cid: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const c = await loadContest(tx, cid);
    if (!c) return false;
    await bumpVersion(tx, cid);
    await rebuildCells(tx, c);
    return true;
  });
}

/**
 * Makes sure the cells match the contest's current times and rule (rebuilding them when not) and answers the
 * board's version, for the page cache. Cheap when up to date: one indexed read.
 */
export async function currentVersion(db: Db, c: BoardContest): Promise<number> {
  const res = await db.execute(sql`
    SELECT version, start_time, end_time, seal_rank_time, type, oi_rank_score_type
    FROM contest_boards WHERE cid = ${c.id}`);
  const row = rowsOf<Awaited<ReturnType<typeof bumpVersion>> & { version: number | string }>(res)[0];
  if (row && cellsMatch(row, c)) return Number(row.version);
  await rebuildBoard(db, c.id);
  const again = await db.execute(sql`SELECT version FROM contest_boards WHERE cid = ${c.id}`);
  return Number(rowsOf<{ version: number | string }>(again)[0]?.version ?? 0);
}
