import { type CaseResult, type JudgeProblem, JudgeStatus, type JudgeTestcase } from '@oj/shared';

export type CaseMode = JudgeProblem['judgeCaseMode'];

/** Problem type codes (doc 2): 0 ACM, 1 OI. */
export const PROBLEM_TYPE_OI = 1;

/**
 * Run order of a task's cases: `default` and `ergodic_without_error` one group by case index; the subtask modes one
 * group per groupNum (ascending), cases by index within a group.
 */
export function caseGroups(testcases: JudgeTestcase[], mode: CaseMode): JudgeTestcase[][] {
  const byIndex = [...testcases].sort((a, b) => a.index - b.index);
  if (mode !== 'subtask_lowest' && mode !== 'subtask_average') return byIndex.length ? [byIndex] : [];
  const groups = new Map<number, JudgeTestcase[]>();
  for (const tc of byIndex) {
    const g = groups.get(tc.groupNum);
    if (g) g.push(tc);
    else groups.set(tc.groupNum, [tc]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, cases]) => cases);
}

/** Whether a case result ends its run: any non-AC in ergodic mode; in subtask modes neither AC nor partial > 0. */
export function stopsAfter(mode: CaseMode, status: number, fraction: number): 'task' | 'group' | null {
  if (mode === 'ergodic_without_error') return status === JudgeStatus.ACCEPTED ? null : 'task';
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
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

/** Total OI score of the reported cases per the case mode (subtask groups: min or rounded mean; summed). */
export function totalScore(cases: CaseResult[], mode: CaseMode, ioScore: number): number {
  const allAc = cases.length > 0 && cases.every((c) => c.status === JudgeStatus.ACCEPTED);
  if (mode === 'subtask_lowest' || mode === 'subtask_average') {
    const groups = new Map<number, number[]>();
    for (const c of cases) {
      const key = c.groupNum ?? 0;
      const list = groups.get(key) ?? [];
      list.push(c.score ?? 0);
      groups.set(key, list);
    }
    let sum = 0;
    for (const scores of groups.values()) {
      sum +=
        mode === 'subtask_lowest'
          ? Math.min(...scores)
          : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    }
    return sum;
  }
  if (allAc) return ioScore;
  return cases.reduce((a, c) => a + (c.score ?? 0), 0);
}

/** OI rank score: all AC in default mode round(ioScore x 0.1 + 2 x difficulty), else
 * round(sum x 0.1 + 2 x difficulty x sum / ioScore) (the second term 0 when ioScore is 0). */
export function oiRankScore(sum: number, ioScore: number, difficulty: number, allAcDefault: boolean): number {
  if (allAcDefault) return Math.round(ioScore * 0.1 + 2 * difficulty);
  const share = ioScore > 0 ? (2 * difficulty * sum) / ioScore : 0;
  return Math.round(sum * 0.1 + share);
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
  if (problem.type !== PROBLEM_TYPE_OI) {
    return { status: allAc ? JudgeStatus.ACCEPTED : failStatus, score: null, oiRankScore: null };
  }
  const mode = problem.judgeCaseMode;
  const score = totalScore(cases, mode, problem.ioScore);
  const status = allAc ? JudgeStatus.ACCEPTED : score > 0 ? JudgeStatus.PARTIAL_ACCEPTED : failStatus;
  const rank = oiRankScore(score, problem.ioScore, problem.difficulty, allAc && mode === 'default');
  return { status, score, oiRankScore: rank };
}
