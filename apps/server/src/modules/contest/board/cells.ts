import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contests } from '../../../db/schema/index.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import type { Tx } from '../../problem/problem.store.js';
import { sealOf } from '../contest.clock.js';
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
  autoRealRank: boolean;
  oiRankScoreType: string;
}

const CELL_COLUMNS = sql.raw(`(cid, uid, pid, r_count, ac_ms, r_wrong, e_wrong, s_wrong, r_pending, e_pending,
  s_pending, r_score, e_score, s_score, r_time, e_time, s_time, frozen, frozen_end, seq)`);

/** The bounds a contest's cells are computed with (`seal`: the seal object's start, null without a seal). */
export function boundsOf(c: BoardContest): BoardBounds {
  return { start: c.startTime, end: c.endTime, seal: sealOf(c).startsAt };
}

const same = (a: Date | string | null, b: Date | null) =>
  (a == null ? null : new Date(a).getTime()) === (b == null ? null : b.getTime());

/** A `contest_boards` row as the cell code reads it. */
interface BoardRow {
  version: number | string;
  full_version: number | string;
  start_time: Date | string | null;
  end_time: Date | string | null;
  seal_rank_time: Date | string | null;
  type: number | null;
  oi_rank_score_type: string | null;
}

/**
 * Bumps the board's version (creating its row) and answers the row after it: the new version and the bounds the
 * cells were last built with. `whole`: the change concerns the whole board (its settings or problems), so
 * `full_version` moves to the new version too and every process builds its ranked boards again instead of
 * patching them. The row stays locked until the caller's transaction ends, so the changes of one board commit
 * one version at a time (a snapshot that sees version v sees every cell of seq <= v and none above).
 */
export async function bumpVersion(tx: Tx | Db, cid: number, whole = false): Promise<BoardRow> {
  const res = await tx.execute(sql`
    INSERT INTO contest_boards (cid, version, full_version) VALUES (${cid}, 1, 1)
    ON CONFLICT (cid) DO UPDATE SET version = contest_boards.version + 1,
      full_version = CASE WHEN ${whole} THEN contest_boards.version + 1 ELSE contest_boards.full_version END
    RETURNING version, full_version, start_time, end_time, seal_rank_time, type, oi_rank_score_type`);
  return rowsOf<BoardRow>(res)[0];
}

/** True when the stored cells were computed with this contest's current rule and times. */
function cellsMatch(b: BoardRow | undefined, c: BoardContest): boolean {
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

/**
 * Recomputes every cell of the contest inside `tx` (one DELETE and one INSERT…SELECT over the covering index
 * submissions_contest_cell_idx) with change sequence `version` (already bumped), and records the bounds used and
 * `full_version`.
 */
async function rebuildCells(tx: Tx | Db, c: BoardContest, version: number): Promise<void> {
  const bounds = boundsOf(c);
  const select = boardRule(c.type).cellsSql({
    cid: c.id,
    bounds,
    filter: sql`true`,
    oiRankScoreType: c.oiRankScoreType,
  });
  // This transaction only: the grouping fits in memory; no JIT (compiling costs more than it saves here).
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`DELETE FROM contest_cells WHERE cid = ${c.id}`);
  await tx.execute(
    sql`INSERT INTO contest_cells ${CELL_COLUMNS} SELECT x.*, ${version}::bigint FROM (${select}) x`,
  );
  await tx.execute(sql`
    UPDATE contest_boards SET start_time = ${bounds.start.toISOString()}::timestamptz,
      end_time = ${bounds.end.toISOString()}::timestamptz,
      seal_rank_time = ${bounds.seal ? bounds.seal.toISOString() : null}::timestamptz,
      type = ${c.type}, oi_rank_score_type = ${c.oiRankScoreType}, rebuilt_at = now(), full_version = ${version}
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
      autoRealRank: contests.autoRealRank,
      oiRankScoreType: contests.oiRankScoreType,
    })
    .from(contests)
    .where(eq(contests.id, cid));
  return c ?? null;
}

/**
 * Recomputes the one cell (cid, uid, pid) from that participant's submissions to that problem, inside the
 * caller's transaction (the verdict's, a new submission's or a rejudge's), bumps the board's version and stamps
 * the cell with it (`seq`: ranked boards are patched with the cells changed since their version). When the
 * contest's times or rule changed since the cells were built, rebuilds them all instead. No-op for an unknown
 * contest. Issue 9 §3 "Board speed".
 */
export async function refreshCell(tx: Tx | Db, cid: number, uid: string, pid: number): Promise<void> {
  const c = await loadContest(tx, cid);
  if (!c) return;
  const built = await bumpVersion(tx, cid);
  const version = Number(built.version);
  if (!cellsMatch(built, c)) {
    await rebuildCells(tx, c, version);
    return;
  }
  const select = boardRule(c.type).cellsSql({
    cid,
    bounds: boundsOf(c),
    filter: sql`uid = ${uid} AND pid = ${pid}`,
    oiRankScoreType: c.oiRankScoreType,
  });
  const gone = rowsOf(
    await tx.execute(
      sql`DELETE FROM contest_cells WHERE cid = ${cid} AND uid = ${uid} AND pid = ${pid} RETURNING pid`,
    ),
  ).length;
  const made = rowsOf(
    await tx.execute(
      sql`INSERT INTO contest_cells ${CELL_COLUMNS} SELECT x.*, ${version}::bigint FROM (${select}) x RETURNING pid`,
    ),
  ).length;
  // A cell that disappeared (its submissions were removed) leaves no row carrying the change: ranked boards are
  // built again rather than patched.
  if (gone > made) {
    await tx.execute(sql`UPDATE contest_boards SET full_version = version WHERE cid = ${cid}`);
  }
}

/**
 * Full rebuild of a contest's cells from its submissions, in one transaction (rejudge of a whole contest,
 * repairs, an edit of the contest's times). Bumps the version and `full_version`. Returns false for an unknown
 * contest. The commit does not wait for its WAL flush (synchronous_commit off, this transaction only): a crash
 * can lose only the whole rebuild, the stored bounds then still differ and the next read rebuilds again.
 */
export async function rebuildBoard(db: Db, cid: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const c = await loadContest(tx, cid);
    if (!c) return false;
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    const built = await bumpVersion(tx, cid, true);
    await rebuildCells(tx, c, Number(built.version));
    return true;
  });
}

/** A board's change counters: `version` now, and `fullVersion`, the last version that changed it as a whole. */
export interface BoardState {
  version: number;
  fullVersion: number;
}

/**
 * Makes sure the cells match the contest's current times and rule (rebuilding them when not) and answers the
 * board's version and full version, for the page cache. Cheap when up to date: one indexed read.
 */
export async function boardState(db: Db, c: BoardContest): Promise<BoardState> {
  const read = async () =>
    rowsOf<BoardRow>(
      await db.execute(sql`
        SELECT version, full_version, start_time, end_time, seal_rank_time, type, oi_rank_score_type
        FROM contest_boards WHERE cid = ${c.id}`),
    )[0];
  let row = await read();
  if (!row || !cellsMatch(row, c)) {
    await rebuildBoard(db, c.id);
    row = await read();
  }
  return { version: Number(row?.version ?? 0), fullVersion: Number(row?.full_version ?? 0) };
}
