import {
  type CaseResult,
  casesScore,
  groupBySubtask,
  isSubtaskMode,
  type JudgeProblem,
  JudgeStatus,
  type JudgeTestcase,
  oiRankScore,
  ProblemType,
} from '@oj/shared';

export type CaseMode = JudgeProblem['judgeCaseMode'];

/**
 * Run order of a task's cases: `default` and `ergodic_without_error` one group by case index; the subtask modes one
 * group per groupNum (ascending), cases by index within a group.
 */
export function caseGroups(testcases: JudgeTestcase[], mode: CaseMode): JudgeTestcase[][] {
  const byIndex = [...testcases].sort((a, b) => a.index - b.index);
  if (!isSubtaskMode(mode)) return byIndex.length ? [byIndex] : [];
  return groupBySubtask(byIndex).map(([, cases]) => cases);
}

/** Whether a case result ends its run: any non-AC in ergodic mode; in subtask modes neither AC nor partial > 0. */
export function stopsAfter(mode: CaseMode, status: number, fraction: number): 'task' | 'group' | null {
  if (mode === 'ergodic_without_error') return status === JudgeStatus.ACCEPTED ? null : 'task';
  if (isSubtaskMode(mode)) {
    const goesOn =
      status === JudgeStatus.ACCEPTED || (status === JudgeStatus.PARTIAL_ACCEPTED && fraction > 0);
    return goesOn ? null : 'group';
  }
  return null;
}

/** Score of one case, from its status and the share a special judge gave: AC full, partial floor(share x score). */
export function caseScore(status: number, fraction: number, score: number): number {
  if (status === JudgeStatus.ACCEPTED) return score;
  if (status === JudgeStatus.PARTIAL_ACCEPTED) return Math.floor(fraction * score);
  return 0;
}

/** The submission-level outcome of a judge task. */
export interface Aggregate {
  status: number;
  /** OI total score; null for ACM. */
  score: number | null;
  /** OI rank score (HOJ formula); null for ACM. */
  oiRankScore: number | null;
}

/** Total OI score of the reported cases per the case mode: all AC outside subtask modes ioScore, else casesScore. */
export function totalScore(cases: CaseResult[], mode: CaseMode, ioScore: number): number {
  const allAc = cases.length > 0 && cases.every((c) => c.status === JudgeStatus.ACCEPTED);
  if (allAc && !isSubtaskMode(mode)) return ioScore;
  return casesScore(cases, mode);
}

/**
 * Final status and scores from the reported cases (Cancelled ones included): all AC -> AC; OI with points -> Partial
 * Accepted; otherwise the status of the first failing case by index. ACM problems get null scores.
 */
export function aggregate(problem: JudgeProblem, cases: CaseResult[]): Aggregate {
  const allAc = cases.length > 0 && cases.every((c) => c.status === JudgeStatus.ACCEPTED);
  const firstFail = [...cases]
    .sort((a, b) => a.index - b.index)
    .find((c) => c.status !== JudgeStatus.ACCEPTED && c.status !== JudgeStatus.CANCELLED);
  const failStatus = firstFail?.status ?? (allAc ? JudgeStatus.ACCEPTED : JudgeStatus.SYSTEM_ERROR);
  if (problem.type !== ProblemType.OI) {
    return { status: allAc ? JudgeStatus.ACCEPTED : failStatus, score: null, oiRankScore: null };
  }
  const mode = problem.judgeCaseMode;
  const score = totalScore(cases, mode, problem.ioScore);
  const status = allAc ? JudgeStatus.ACCEPTED : score > 0 ? JudgeStatus.PARTIAL_ACCEPTED : failStatus;
  const rank = oiRankScore(score, problem.ioScore, problem.difficulty, allAc && mode === 'default');
  return { status, score, oiRankScore: rank };
}
