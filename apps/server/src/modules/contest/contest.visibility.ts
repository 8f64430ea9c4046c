import { ContestType, JudgeStatus } from '@oj/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { withholdVerdict } from '../submission/submission.view.js';
import type { ContestRow } from './contest.access.js';
import { sealOf, seesRealResults } from './contest.clock.js';

/** Who looks at a contest's verdicts, and when. */
export interface VerdictViewer {
  contest: ContestRow;
  uid: string;
  isAdmin: boolean;
  now: Date;
}

/** A verdict as the lists show it: status, score (OI), time ms, memory KB. */
export interface VerdictFields {
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
}

/**
 * How a contest submission's verdict shows to `v` (doc 2 §2.9, issue 9 §3), one rule for every list and status
 * check: contest admins and real-time viewers see it; in an OI contest that is not real-time every verdict (own
 * ones too) shows as Submitted Unknown Result; on a sealed ACM contest others' submissions made after the seal
 * time show as Pending, own ones and earlier ones stay visible. Returns the fields to show: a hidden one through
 * `withholdVerdict` (score, time, memory and every other judging field the row carries blanked).
 */
export function shownVerdict<T extends VerdictFields>(
  v: VerdictViewer,
  row: T & { uid: string; submitTime: Date },
): T {
  if (seesRealResults(v.contest, v.now, v.isAdmin)) return row;
  if (v.contest.type === ContestType.OI) return withholdVerdict(row, hiddenStatusOf(v.contest));
  if (row.uid !== v.uid && sealOf(v.contest).after(row.submitTime)) {
    return withholdVerdict(row, hiddenStatusOf(v.contest));
  }
  return row;
}

/** The status a hidden verdict of `contest` shows as: Submitted Unknown Result (-5) in OI, Pending (5) in ACM. */
export function hiddenStatusOf(contest: Pick<ContestRow, 'type'>): number {
  return contest.type === ContestType.OI ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : JudgeStatus.PENDING;
}

/**
 * The viewer of public figures (problem counters, home statistics, group rank; issue 23 §2a): nobody's own
 * submissions and no contest admin, so {@link shownVerdict} / {@link visibleVerdictSql} answer what everyone may see.
 * `uid` is empty, which no user has.
 */
export function publicViewer(contest: ContestRow, now: Date): VerdictViewer {
  return { contest, uid: '', isAdmin: false, now };
}

/**
 * The rows whose real verdict `v` may see, as SQL on the submissions columns: a status filter applies only to
 * them, so that filtering cannot reveal a hidden verdict. `undefined` when every row is visible.
 */
export function visibleVerdictSql(
  v: VerdictViewer,
  cols: { uid: AnyColumn | SQL; submitTime: AnyColumn | SQL },
): SQL | undefined {
  if (seesRealResults(v.contest, v.now, v.isAdmin)) return undefined;
  if (v.contest.type === ContestType.OI) return sql`false`;
  const seal = sealOf(v.contest).startsAt ?? v.contest.endTime;
  return sql`(${cols.uid} = ${v.uid} OR ${cols.submitTime} < ${seal})`;
}
