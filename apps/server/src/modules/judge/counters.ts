import { isCountedStatus, JudgeStatus } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import { problems } from '../../db/schema/index.js';
import type { Tx } from '../problem/problem.store.js';

type CounterKey =
  | 'countAc'
  | 'countWa'
  | 'countCe'
  | 'countPa'
  | 'countTle'
  | 'countMle'
  | 'countRe'
  | 'countPe'
  | 'countSe';

/** Verdict -> problem counter column. Counted verdicts absent here (Submitted Failed) only count in countTotal. */
const COLUMN: Record<number, CounterKey> = {
  [JudgeStatus.ACCEPTED]: 'countAc',
  [JudgeStatus.WRONG_ANSWER]: 'countWa',
  [JudgeStatus.COMPILE_ERROR]: 'countCe',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'countPa',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'countTle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'countMle',
  [JudgeStatus.RUNTIME_ERROR]: 'countRe',
  [JudgeStatus.PRESENTATION_ERROR]: 'countPe',
  [JudgeStatus.SYSTEM_ERROR]: 'countSe',
};

/** The field of a problem's counts (problemCount: `ac`, `wa`…) a counted verdict goes to; undefined: total only. */
export type CounterField = 'ac' | 'wa' | 'ce' | 'pa' | 'tle' | 'mle' | 're' | 'pe' | 'se';

/** The problemCount field of counted verdict `status` (the column moveCounters moves, without its `count`). */
export function counterFieldOf(status: number): CounterField | undefined {
  return COLUMN[status]?.slice(5).toLowerCase() as CounterField | undefined;
}

/** The status to store as `countedStatus` for a new verdict (null: not counted, see COUNTED_STATUS_CODES). */
export function countedStatusOf(status: number): number | null {
  return isCountedStatus(status) ? status : null;
}

/**
 * Moves one submission in the problem's counters from `oldCounted` to `newCounted` (either may be null): a first
 * verdict adds to countTotal and its column; a rejudge's verdict undoes the old column; a cancel removes it.
 */
export async function moveCounters(
  tx: Tx,
  pid: number,
  oldCounted: number | null,
  newCounted: number | null,
) {
  if (oldCounted === newCounted) return;
  const delta = new Map<CounterKey | 'countTotal', number>();
  const add = (k: CounterKey | 'countTotal' | undefined, d: number) => {
    if (k) delta.set(k, (delta.get(k) ?? 0) + d);
  };
  if (oldCounted != null) {
    add('countTotal', -1);
    add(COLUMN[oldCounted], -1);
  }
  if (newCounted != null) {
    add('countTotal', 1);
    add(COLUMN[newCounted], 1);
  }
  const set: Record<string, unknown> = {};
  for (const [k, d] of delta) if (d !== 0) set[k] = sql`greatest(0, ${problems[k]} + ${d})`;
  if (Object.keys(set).length) await tx.update(problems).set(set).where(eq(problems.id, pid));
}
