import type { JudgeCaseModeName } from './enums.js';
import { JudgeStatus, type JudgeStatusCode } from './judge-status.js';

/**
 * The judging rules shared by server, judgehost and web (docs/judging.md, notes "Judging" and "Contests"): which
 * verdicts are still in progress, which count as a wrong try on an ACM board, which are final results, how
 * subtask groups score and the OI rank score. Nothing else may restate them.
 */

/** In the judge's hands: Pending, Compiling, Judging (a submission that may still change by itself). */
export const JUDGING_STATUS_CODES: JudgeStatusCode[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
];

/** Statuses meaning "not finished yet": the judging ones plus Submitting. Polling goes on while in one of these. */
export const UNFINISHED_STATUS_CODES: JudgeStatusCode[] = [...JUDGING_STATUS_CODES, JudgeStatus.SUBMITTING];

/** True once a submission has left UNFINISHED_STATUS_CODES. */
export function isFinishedStatus(code: number): boolean {
  return !(UNFINISHED_STATUS_CODES as readonly number[]).includes(code);
}

/**
 * Verdicts counted as a wrong try on an ACM board (20 minutes of penalty each before the first AC): WA, PE, TLE,
 * MLE, RE. Compile Error, System Error, Submitted Failed, Cancelled and Partial Accepted are free (notes "Contests").
 */
export const PENALTY_STATUS_CODES: JudgeStatusCode[] = [
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
];

/** True for a verdict that costs an ACM penalty (PENALTY_STATUS_CODES). */
export function isPenaltyStatus(code: number): boolean {
  return (PENALTY_STATUS_CODES as readonly number[]).includes(code);
}

/** Final verdicts that count in a problem's statistics; Cancelled, Not Submitted and unfinished ones do not. */
export const COUNTED_STATUS_CODES: JudgeStatusCode[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

/** True while the judge still holds the submission (JUDGING_STATUS_CODES). */
export function isJudgingStatus(code: number): boolean {
  return (JUDGING_STATUS_CODES as readonly number[]).includes(code);
}

/** True for a final verdict that counts in statistics (COUNTED_STATUS_CODES). */
export function isCountedStatus(code: number): boolean {
  return (COUNTED_STATUS_CODES as readonly number[]).includes(code);
}

/** The group a test case belongs to when it names none (doc 3 "Test case"; the test_cases column defaults to 1). */
export const DEFAULT_GROUP_NUM = 1;

/** The case modes that score by subtask groups. */
export type SubtaskModeName = Extract<JudgeCaseModeName, 'subtask_lowest' | 'subtask_average'>;

/** True for the case modes that score by subtask groups: `subtask_lowest` and `subtask_average`. */
export function isSubtaskMode(mode: string): mode is SubtaskModeName {
  return mode === 'subtask_lowest' || mode === 'subtask_average';
}

/**
 * Cases grouped by subtask: `[groupNum, cases]` pairs by ascending groupNum, each group's cases in the given order.
 * A case without a group (null / undefined) belongs to DEFAULT_GROUP_NUM.
 */
export function groupBySubtask<T extends { groupNum?: number | null }>(cases: readonly T[]): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const c of cases) {
    const g = c.groupNum ?? DEFAULT_GROUP_NUM;
    const list = groups.get(g);
    if (list) list.push(c);
    else groups.set(g, [c]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]);
}

/** One subtask's score from its case scores: the minimum (`subtask_lowest`) or the rounded mean; 0 when empty. */
export function subtaskScore(scores: readonly number[], mode: SubtaskModeName): number {
  if (scores.length === 0) return 0;
  if (mode === 'subtask_lowest') return Math.min(...scores);
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

/**
 * Score of a case list under a case mode: in the subtask modes the sum of the group scores (subtaskScore per
 * groupBySubtask), otherwise the plain sum. A null score counts 0. Used for the judged total and for a problem's
 * full score (ioScore) from its configured case scores.
 */
export function casesScore(
  cases: readonly { score?: number | null; groupNum?: number | null }[],
  mode: string,
): number {
  if (!isSubtaskMode(mode)) return cases.reduce((a, c) => a + (c.score ?? 0), 0);
  let total = 0;
  for (const [, group] of groupBySubtask(cases)) {
    total += subtaskScore(
      group.map((c) => c.score ?? 0),
      mode,
    );
  }
  return total;
}

/**
 * OI rank score of one OI submission (HOJ): all AC in `default` mode round(ioScore x 0.1 + 2 x difficulty);
 * otherwise round(score x 0.1 + 2 x difficulty x score / ioScore), the second term 0 when ioScore is 0.
 * Takes the submission's score, the problem's ioScore and difficulty code; returns an integer (stored scale).
 */
export function oiRankScore(
  score: number,
  ioScore: number,
  difficulty: number,
  allAcDefault: boolean,
): number {
  if (allAcDefault) return Math.round(ioScore * 0.1 + 2 * difficulty);
  const share = ioScore > 0 ? (2 * difficulty * score) / ioScore : 0;
  return Math.round(score * 0.1 + share);
}

/**
 * An OI rank score total as shown on the OI rank and the user home (doc 2 §2.11, §5): value / 100 with at most two
 * decimals, so one solved problem never shows as 0.
 */
export function shownOiRankScore(total: number): number {
  return Math.round(total) / 100;
}
