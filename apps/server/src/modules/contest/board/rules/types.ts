import type { ScoreboardRowBase, ScoreboardRowVo } from '@oj/shared';
import type { SQL } from 'drizzle-orm';
import type { contestCells } from '../../../../db/schema/index.js';

/** A stored cell (db/schema/contest-board.ts). */
export type CellRow = typeof contestCells.$inferSelect;

/** The instants a board is computed against. `seal` null: the contest never seals. */
export interface BoardBounds {
  start: Date;
  end: Date;
  seal: Date | null;
}

/** Which board is asked for: sealed (post-seal tries hidden) and/or with after-contest submissions. */
export interface BoardView {
  sealed: boolean;
  containsEnd: boolean;
}

/** What a rule needs to turn cells into a row. Times in ms from the start. */
export interface RowContext {
  view: BoardView;
  durationMs: number;
  /** ms from the start to the seal's start (contest.clock `sealOf(c).offsetMs`; the duration without a seal). */
  sealMs: number;
  /** pid -> displayId, for the contest's problems only. */
  displayIds: Map<number, string>;
  /**
   * Per display id, ms from the start to the earliest in-contest submission still being judged (first-blood.ts);
   * ACM withholds first blood while one at or before the first AC's second is unfinished. Absent: none pending.
   */
  firstPending?: Map<string, number>;
}

/** Inputs of a rule's cell query: the submissions of one contest, narrowed by `filter` (a cell or all). */
export interface CellSqlParams {
  cid: number;
  bounds: BoardBounds;
  /** Extra WHERE condition on `submissions` (e.g. uid and pid of one cell); `sql\`true\`` for all. */
  filter: SQL;
  /** 'Recent' | 'Highest' (OI). */
  oiRankScoreType: string;
}

/**
 * A scoreboard rule type (issue 9 §3), registered in rules/index.ts like the judgehost's languages: how a cell is
 * computed from a participant's submissions (SQL), how cells make a row, and how rows are ordered and tied.
 */
export interface BoardRule<R extends ScoreboardRowVo = ScoreboardRowVo> {
  /** ContestType: 0 ACM, 1 OI. */
  type: number;
  name: string;
  /**
   * SELECT cid, uid, pid and every contest_cells column, one row per (uid, pid) with a submission at or after
   * the start. Used for the full rebuild and for one cell alike.
   */
  cellsSql(p: CellSqlParams): SQL;
  /** The row's cells and totals in `ctx.view` (rank, award and isConcerned are set by the board). */
  makeRow(base: ScoreboardRowBase, cells: CellRow[], ctx: RowContext): R;
  /**
   * Per-problem marks that depend on every row (ACM first blood); called once the rows are made, before
   * ranking. `noFirstBlood` tells the rows that neither take nor block first blood (build.ts isStaffRow).
   * Optional.
   */
  markBoard?(rows: R[], ctx: RowContext, noFirstBlood: (row: R) => boolean): void;
  /**
   * The viewer's own row on a sealed board (ACM, as at ICPC: each participant still sees their own verdicts):
   * `real` computed from the real view, merged into the sealed row's place. Absent: no overlay (OI keeps even
   * the viewer's own verdicts hidden while sealed).
   */
  ownRowWhenSealed?(sealed: R, real: R): R;
  /** Board order: negative when `a` ranks before `b`; 0 when tied (equal rank). */
  compare(a: R, b: R): number;
  /** True when the row solved something (eligible for an award). */
  solvedSomething(row: R): boolean;
  /** The spreadsheet's columns after the user's: header and value per row. */
  exportColumns(displayIds: string[]): { header: string; value: (row: R) => string | number }[];
}

/** Defines a rule type (identity; keeps the literal types of each module). */
export function defineBoardRule<R extends ScoreboardRowVo>(rule: BoardRule<R>): BoardRule<R> {
  return rule;
}
