import { describe, expect, it } from 'vitest';
import {
  COUNTED_STATUS_CODES,
  casesScore,
  DEFAULT_GROUP_NUM,
  groupBySubtask,
  isFinishedStatus,
  isJudgingStatus,
  isPenaltyStatus,
  oiRankScore,
  shownOiRankScore,
  subtaskScore,
} from './judge-rules.js';
import { JudgeStatus as S } from './judge-status.js';

describe('verdict sets', () => {
  it('pending, compiling and judging are in the judge; submitting is unfinished too; verdicts are finished', () => {
    for (const c of [S.PENDING, S.COMPILING, S.JUDGING]) expect(isJudgingStatus(c)).toBe(true);
    expect(isJudgingStatus(S.SUBMITTING)).toBe(false);
    expect(isFinishedStatus(S.SUBMITTING)).toBe(false);
    for (const c of [S.ACCEPTED, S.WRONG_ANSWER, S.COMPILE_ERROR, S.CANCELLED, S.SUBMITTED_FAILED])
      expect(isFinishedStatus(c)).toBe(true);
  });
  it('an ACM wrong try is WA, PE, TLE, MLE or RE; CE, system errors, cancelled and partial are free', () => {
    const penalised = [S.WRONG_ANSWER, S.PRESENTATION_ERROR, S.TIME_LIMIT_EXCEEDED];
    for (const c of [...penalised, S.MEMORY_LIMIT_EXCEEDED, S.RUNTIME_ERROR])
      expect(isPenaltyStatus(c)).toBe(true);
    const free = [
      S.ACCEPTED,
      S.COMPILE_ERROR,
      S.SYSTEM_ERROR,
      S.SUBMITTED_FAILED,
      S.CANCELLED,
      S.PARTIAL_ACCEPTED,
    ];
    for (const c of [...free, S.PENDING, S.JUDGING]) expect(isPenaltyStatus(c)).toBe(false);
  });
  it('statistics count final verdicts only: not Cancelled, Not Submitted or unfinished ones', () => {
    expect(COUNTED_STATUS_CODES).toContain(S.COMPILE_ERROR);
    expect(COUNTED_STATUS_CODES).toContain(S.SUBMITTED_FAILED);
    for (const c of [S.CANCELLED, S.NOT_SUBMITTED, S.PENDING, S.COMPILING, S.JUDGING, S.SUBMITTING])
      expect(COUNTED_STATUS_CODES).not.toContain(c);
  });
});

describe('subtask scoring', () => {
  it('groups by ascending groupNum, keeps case order, puts cases without a group in group 1', () => {
    const cases = [
      { id: 'a', groupNum: 3 },
      { id: 'b', groupNum: null },
      { id: 'c', groupNum: 1 },
      { id: 'd', groupNum: 3 },
    ];
    expect(DEFAULT_GROUP_NUM).toBe(1);
    expect(groupBySubtask(cases).map(([g, l]) => [g, l.map((c) => c.id)])).toEqual([
      [1, ['b', 'c']],
      [3, ['a', 'd']],
    ]);
  });
  it('a group scores its minimum (lowest) or its rounded mean (average)', () => {
    expect(subtaskScore([10, 0, 10], 'subtask_lowest')).toBe(0);
    expect(subtaskScore([20, 0, 0], 'subtask_average')).toBe(7);
    expect(subtaskScore([10, 15], 'subtask_average')).toBe(13);
    expect(subtaskScore([], 'subtask_lowest')).toBe(0);
  });
  it('the total is the sum of group scores in subtask modes, the plain sum otherwise', () => {
    const cases = [
      { score: 10, groupNum: 1 },
      { score: 10, groupNum: 1 },
      { score: 20, groupNum: 2 },
      { score: 0, groupNum: 2 },
      { score: null, groupNum: 2 },
    ];
    expect(casesScore(cases, 'subtask_lowest')).toBe(10);
    expect(casesScore(cases, 'subtask_average')).toBe(17);
    expect(casesScore(cases, 'default')).toBe(40);
    expect(casesScore(cases, 'ergodic_without_error')).toBe(40);
  });
  it('a case without a group scores with the group-1 cases, not in a group of its own', () => {
    const cases = [
      { score: 30, groupNum: null },
      { score: 0, groupNum: 1 },
      { score: 40, groupNum: 2 },
    ];
    // one group {30, 0} -> 0, group 2 -> 40 (a separate group 0 would have given 30 + 0 + 40)
    expect(casesScore(cases, 'subtask_lowest')).toBe(40);
  });
});

describe('OI rank score', () => {
  it('all AC in default mode: round(ioScore x 0.1 + 2 x difficulty)', () => {
    expect(oiRankScore(100, 100, 3, true)).toBe(16);
    expect(oiRankScore(100, 100, 45, true)).toBe(100);
  });
  it('otherwise prorated: round(score x 0.1 + 2 x difficulty x score / ioScore); ioScore 0 drops the share', () => {
    expect(oiRankScore(50, 100, 3, false)).toBe(8);
    expect(oiRankScore(0, 100, 995, false)).toBe(0);
    expect(oiRankScore(10, 0, 3, false)).toBe(1);
  });
  it('boards and ranks show the total divided by 100, rounded', () => {
    expect(shownOiRankScore(1049)).toBe(10.49);
    expect(shownOiRankScore(3)).toBe(0.03);
    expect(shownOiRankScore(0)).toBe(0);
  });
});
