import type { AcmCellVo } from '../schemas/scoreboard.js';

/**
 * Board ranking rules shared by the server's boards (apps/server/src/modules/contest/board) and the web's scroll
 * board, so that both order, rank and award rows the same way (notes "Contests"; docs/scoreboard.md). Pure
 * functions over plain rows; nothing here reads a database or the DOM.
 */

/** Seconds of penalty a counted wrong try costs on a solved ACM problem (notes "Contests": 20 minutes). */
export const ACM_PENALTY_SECONDS = 20 * 60;

/** The ACM totals of a row: solved count and total time in seconds (AC time + 20 min per wrong try before it). */
export interface AcmTotals {
  ac: number;
  totalTime: number;
}

/** The ACM totals of a row's cells (solved problems only; unsolved ones cost nothing). */
export function acmTotals(cells: Iterable<AcmCellVo>): AcmTotals {
  let ac = 0;
  let totalTime = 0;
  for (const c of cells) {
    if (!c.isAC) continue;
    ac += 1;
    totalTime += (c.ACTime ?? 0) + ACM_PENALTY_SECONDS * c.errorNum;
  }
  return { ac, totalTime };
}

/**
 * ACM board order (notes "Contests"): more solved first, then less total time. Negative when `a` ranks before `b`;
 * 0 when tied (equal rank; boards then order tied rows by name).
 */
export function compareAcmRows(a: AcmTotals, b: AcmTotals): number {
  return b.ac - a.ac || a.totalTime - b.totalTime;
}

/**
 * Ranks of rows already in board order: star rows -1; every other row 1 + the number of non-star rows before it,
 * or the previous non-star row's rank when `tied` says the two compare equal (1, 1, 3).
 */
export function placeRanks<R>(
  rows: readonly R[],
  isStar: (r: R) => boolean,
  tied: (a: R, b: R) => boolean,
): number[] {
  const ranks: number[] = new Array(rows.length);
  let placed = 0;
  let prev = -1;
  for (let i = 0; i < rows.length; i += 1) {
    const r = rows[i];
    if (isStar(r)) {
      ranks[i] = -1;
      continue;
    }
    placed += 1;
    ranks[i] = prev >= 0 && tied(rows[prev], r) ? ranks[prev] : placed;
    prev = i;
  }
  return ranks;
}

/**
 * Awards given strictly by position (notes "Contests"): `counts[k]` rows get award k, in order, taken from the
 * non-star rows in board order; the first row that solved nothing ends the giving. Returns, per row, the index of
 * its award in `counts` or -1.
 */
export function awardsByPosition<R>(
  rows: readonly R[],
  counts: readonly number[],
  isStar: (r: R) => boolean,
  solved: (r: R) => boolean,
): number[] {
  const award: number[] = new Array(rows.length).fill(-1);
  let i = 0;
  for (let k = 0; k < counts.length; k += 1) {
    for (let n = 0; n < counts[k]; n += 1) {
      while (i < rows.length && isStar(rows[i])) i += 1;
      if (i >= rows.length || !solved(rows[i])) return award;
      award[i] = k;
      i += 1;
    }
  }
  return award;
}
