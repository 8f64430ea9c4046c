import type { AcmCellVo } from '../schemas/scoreboard.js';
import { type AcmTotals, acmTotals, compareAcmRows } from './ranking.js';

/**
 * The scroll board's resolver (issue 10 §2; doc 2 §2.10; docs/scoreboard.md "Scroll board"), shared by the server
 * (which sends the reveals in this order) and the web page (which plays them): starting from the sealed ACM board,
 * each step takes the LOWEST row that still has a pending cell, reveals that row's LEFTMOST pending cell (the
 * contest's problem order) to its final state, and moves the row to its place by the board order (it can only
 * climb: a pending cell was unsolved, so a reveal adds a solve or nothing). A pending cell is one the sealed
 * board shows as tries without a verdict (not solved, tryNum > 0); each is revealed exactly once.
 */

/** A row the resolver moves: an ACM board row with its cells by display id. */
export interface ResolverRow extends AcmTotals {
  uid: string;
  submissionInfo: Record<string, AcmCellVo>;
  /**
   * The row's place in the board's tie-break order (the server orders tied rows by username as it collates them,
   * then uid): rows the rule ties keep this order, so the web reproduces the server's order without its collator.
   */
  nameOrder: number;
}

/** One reveal: cell (uid, displayId) becomes `cell`, its final state (null: nothing to show). */
export interface ResolverReveal {
  uid: string;
  displayId: string;
  cell: AcmCellVo | null;
}

/** What one step did: the reveal, the row after it, and its index before and after moving (`to` <= `from`). */
export interface ResolverStep<R extends ResolverRow> {
  reveal: ResolverReveal;
  row: R;
  from: number;
  to: number;
}

/** The resolver's total order: the ACM order, then the tie-break order. */
export const resolverOrder = (a: ResolverRow, b: ResolverRow): number =>
  compareAcmRows(a, b) || a.nameOrder - b.nameOrder;

/** True for a cell the sealed board shows as pending: unsolved with tries whose verdict it hides. */
export function isPendingCell(c: AcmCellVo | undefined | null): boolean {
  return !!c && !c.isAC && c.tryNum > 0;
}

const keyOf = (uid: string, displayId: string) => `${uid}\n${displayId}`;

/**
 * A resolver over `rows` (the sealed board, in board order). `finalCell(uid, displayId)` is the real board's cell
 * of a pending cell. Rows are never mutated: a step replaces the revealed row by a new object (the web's memoised
 * rows rely on it). Costs O(rows) to set up and O(log rows + rows moved) per step.
 */
export class Resolver<R extends ResolverRow> {
  private readonly order: R[];
  private readonly pending = new Map<string, string[]>();
  private readonly finals = new Map<string, AcmCellVo | null>();
  /** No row below this index has a pending cell (the front only moves up, so scanning from it is enough). */
  private lowest: number;
  private left = 0;

  constructor(
    rows: readonly R[],
    displayIds: readonly string[],
    finalCell: (uid: string, displayId: string) => AcmCellVo | null,
  ) {
    this.order = [...rows];
    for (const r of rows) {
      const ids = displayIds.filter((id) => isPendingCell(r.submissionInfo[id]));
      if (!ids.length) continue;
      this.pending.set(r.uid, ids);
      for (const id of ids) this.finals.set(keyOf(r.uid, id), finalCell(r.uid, id));
      this.left += ids.length;
    }
    this.lowest = this.order.length - 1;
  }

  /** The rows in their current order. */
  get rows(): readonly R[] {
    return this.order;
  }

  /** Pending cells not revealed yet. */
  get remaining(): number {
    return this.left;
  }

  /** The next reveal without doing it: the lowest row with a pending cell and its leftmost one; null when done. */
  peek(): { uid: string; displayId: string; index: number } | null {
    while (this.lowest >= 0 && !this.pending.has(this.order[this.lowest].uid)) this.lowest -= 1;
    if (this.lowest < 0) return null;
    const uid = this.order[this.lowest].uid;
    const ids = this.pending.get(uid) ?? [];
    return { uid, displayId: ids[0], index: this.lowest };
  }

  /** Reveals the next pending cell and moves its row; null when nothing is left. */
  step(): ResolverStep<R> | null {
    const next = this.peek();
    if (!next) return null;
    const { uid, displayId, index: from } = next;
    const ids = this.pending.get(uid) ?? [];
    ids.shift();
    if (!ids.length) this.pending.delete(uid);
    this.left -= 1;
    const cell = this.finals.get(keyOf(uid, displayId)) ?? null;
    const old = this.order[from];
    const submissionInfo = { ...old.submissionInfo };
    if (cell) submissionInfo[displayId] = cell;
    else delete submissionInfo[displayId];
    const row = { ...old, submissionInfo, ...acmTotals(Object.values(submissionInfo)) } as R;
    this.order.splice(from, 1);
    const to = this.placeOf(row);
    this.order.splice(to, 0, row);
    // A row never moves down (a reveal adds a solve or nothing); if one did, the front follows it.
    this.lowest = Math.max(this.lowest, to);
    return { reveal: { uid, displayId, cell }, row, from, to };
  }

  /** Every remaining step, in order (the server's reveal list; the web's "reveal all"). */
  runAll(): ResolverStep<R>[] {
    const steps: ResolverStep<R>[] = [];
    for (let s = this.step(); s; s = this.step()) steps.push(s);
    return steps;
  }

  /** Binary search: the index where `row` belongs in the (sorted) order without it. */
  private placeOf(row: R): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (resolverOrder(this.order[mid], row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
