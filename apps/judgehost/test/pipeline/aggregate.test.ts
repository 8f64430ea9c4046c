import { type CaseResult, type JudgeProblem, JudgeStatus, type JudgeTestcase } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { aggregate, caseGroups, caseScore, stopsAfter } from '../../src/pipeline/aggregate.js';
import { baseProblem } from './harness.js';

const {
  ACCEPTED: AC,
  WRONG_ANSWER: WA,
  TIME_LIMIT_EXCEEDED: TLE,
  CANCELLED: CA,
  PARTIAL_ACCEPTED: PA,
} = JudgeStatus;

/** The shared test problem as an OI problem of difficulty 1 (the rank-score formulas use both). */
const problem = (over: Partial<JudgeProblem> = {}): JudgeProblem =>
  baseProblem({ type: 1, difficulty: 1, ...over });

function c(index: number, status: number, score: number | null, groupNum: number | null = 0): CaseResult {
  return {
    index,
    status,
    time: 0,
    memory: 0,
    score,
    groupNum,
    inputData: null,
    outputData: null,
    userOutput: null,
    message: null,
  };
}

function tc(index: number, groupNum: number): JudgeTestcase {
  return {
    index,
    inputName: `${index}.in`,
    outputName: `${index}.out`,
    inputHash: 'h',
    outputHash: 'h',
    inputSize: 1,
    outputSize: 1,
    score: 10,
    groupNum,
  };
}

describe('case order and stopping', () => {
  it('runs default and ergodic modes by index, subtask modes by group then index', () => {
    const cases = [tc(3, 2), tc(1, 2), tc(2, 1), tc(4, 1)];
    expect(caseGroups(cases, 'default').map((g) => g.map((t) => t.index))).toEqual([[1, 2, 3, 4]]);
    expect(caseGroups(cases, 'ergodic_without_error')).toHaveLength(1);
    expect(caseGroups(cases, 'subtask_lowest').map((g) => g.map((t) => t.index))).toEqual([
      [2, 4],
      [1, 3],
    ]);
    expect(caseGroups([], 'default')).toEqual([]);
  });
  it('stops the task in ergodic mode and the group in subtask modes', () => {
    expect(stopsAfter('default', WA, 0)).toBeNull();
    expect(stopsAfter('ergodic_without_error', AC, 1)).toBeNull();
    expect(stopsAfter('ergodic_without_error', PA, 0.5)).toBe('task');
    expect(stopsAfter('subtask_lowest', PA, 0.5)).toBeNull();
    expect(stopsAfter('subtask_average', PA, 0)).toBe('group');
    expect(stopsAfter('subtask_average', TLE, 0)).toBe('group');
  });
  it('scores a case: AC full, partial floored, else 0', () => {
    expect(caseScore(AC, 1, 10)).toBe(10);
    expect(caseScore(PA, 0.55, 10)).toBe(5);
    expect(caseScore(WA, 0, 10)).toBe(0);
  });
});

describe('aggregate, ACM', () => {
  const acm = problem({ type: 0 });
  it('AC when all cases pass, with null scores', () => {
    expect(aggregate(acm, [c(1, AC, null), c(2, AC, null)])).toEqual({
      status: AC,
      score: null,
      oiRankScore: null,
    });
  });
  it('the first non-AC status by case index', () => {
    expect(aggregate(acm, [c(2, WA, null), c(1, TLE, null), c(3, AC, null)]).status).toBe(TLE);
  });
});

describe('aggregate, OI default and ergodic modes', () => {
  it('all AC gives ioScore, not the sum of case scores, and the all-AC rank score', () => {
    const p = problem({ ioScore: 100, difficulty: 2 });
    expect(aggregate(p, [c(1, AC, 30), c(2, AC, 30)])).toEqual({ status: AC, score: 100, oiRankScore: 14 });
  });
  it('some points: Partial Accepted with the sum and the prorated rank score', () => {
    const p = problem({ ioScore: 100, difficulty: 2 });
    // sum 35: round(3.5 + 2*2*35/100) = round(4.9) = 5
    expect(aggregate(p, [c(1, AC, 30), c(2, PA, 5), c(3, WA, 0)])).toEqual({
      status: PA,
      score: 35,
      oiRankScore: 5,
    });
  });
  it('no points: the first failing status, score 0', () => {
    const p = problem();
    expect(aggregate(p, [c(1, TLE, 0), c(2, WA, 0)])).toEqual({ status: TLE, score: 0, oiRankScore: 0 });
  });
  it('ergodic mode sums what was reported', () => {
    const p = problem({ judgeCaseMode: 'ergodic_without_error' });
    expect(aggregate(p, [c(1, AC, 20), c(2, WA, 0)])).toMatchObject({ status: PA, score: 20 });
  });
});

describe('aggregate, subtask modes', () => {
  const cases = [c(1, AC, 10, 1), c(2, AC, 10, 1), c(3, AC, 20, 2), c(4, WA, 0, 2), c(5, CA, 0, 2)];
  it('subtask_lowest: each group scores its minimum, groups add up', () => {
    const p = problem({ judgeCaseMode: 'subtask_lowest', ioScore: 30 });
    expect(aggregate(p, cases)).toMatchObject({ status: PA, score: 10 });
  });
  it('subtask_average: each group scores its rounded mean, groups add up', () => {
    const p = problem({ judgeCaseMode: 'subtask_average', ioScore: 30 });
    // group 1: 10; group 2: round(20/3) = 7
    expect(aggregate(p, cases)).toMatchObject({ status: PA, score: 17 });
  });
  it('cancelled cases never become the final status', () => {
    const p = problem({ judgeCaseMode: 'subtask_lowest', type: 0 });
    expect(aggregate(p, [c(1, TLE, null, 1), c(2, CA, null, 1)]).status).toBe(TLE);
  });
  it('a case reported without a group scores in group 1 with the others (the test-case default)', () => {
    const p = problem({ judgeCaseMode: 'subtask_lowest', ioScore: 70 });
    // group 1 = {30, 0} -> 0, group 2 -> 40; a group of its own would have scored 30 + 0 + 40
    expect(aggregate(p, [c(1, AC, 30, null), c(2, WA, 0, 1), c(3, AC, 40, 2)])).toMatchObject({ score: 40 });
  });
  it('all AC in a subtask mode uses the prorated rank score formula', () => {
    const p = problem({ judgeCaseMode: 'subtask_lowest', ioScore: 40, difficulty: 1 });
    const r = aggregate(p, [c(1, AC, 20, 1), c(2, AC, 20, 2)]);
    expect(r).toEqual({ status: AC, score: 40, oiRankScore: Math.round(4 + 2) });
  });
});
