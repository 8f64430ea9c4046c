import { ContestStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import {
  boardIsSealed,
  contestDurationMs,
  contestStatus,
  isAfterContest,
  isSealed,
  seesRealResults,
} from '../../src/modules/contest/contest.clock.js';

const at = (iso: string) => new Date(iso);
const contest = {
  startTime: at('2026-01-01T10:00:00Z'),
  endTime: at('2026-01-01T15:00:00Z'),
  sealRank: true,
  sealRankTime: at('2026-01-01T14:00:00Z'),
  autoRealRank: true,
};

describe('contest clock (doc 2 §2.9, §4.5)', () => {
  it('is scheduled before the start, running from the start, ended from the end', () => {
    expect(contestStatus(contest, at('2026-01-01T09:59:59Z'))).toBe(ContestStatus.SCHEDULED);
    expect(contestStatus(contest, at('2026-01-01T10:00:00Z'))).toBe(ContestStatus.RUNNING);
    expect(contestStatus(contest, at('2026-01-01T14:59:59Z'))).toBe(ContestStatus.RUNNING);
    expect(contestStatus(contest, at('2026-01-01T15:00:00Z'))).toBe(ContestStatus.ENDED);
    expect(contestDurationMs(contest)).toBe(5 * 3600 * 1000);
  });

  it('seals from the seal time to the end, then unseals by itself when autoRealRank is on', () => {
    expect(isSealed(contest, at('2026-01-01T13:59:59Z'))).toBe(false);
    expect(isSealed(contest, at('2026-01-01T14:00:00Z'))).toBe(true);
    expect(isSealed(contest, at('2026-01-01T14:59:59Z'))).toBe(true);
    expect(isSealed(contest, at('2026-01-01T15:00:00Z'))).toBe(false);
  });

  it('stays sealed after the end when autoRealRank is off, and never seals without sealRank', () => {
    expect(isSealed({ ...contest, autoRealRank: false }, at('2026-02-01T00:00:00Z'))).toBe(true);
    expect(isSealed({ ...contest, sealRank: false }, at('2026-01-01T14:30:00Z'))).toBe(false);
  });

  it('shows real results to contest admins always, and a forced real board only to them', () => {
    const sealedNow = at('2026-01-01T14:30:00Z');
    expect(seesRealResults(contest, sealedNow, false)).toBe(false);
    expect(seesRealResults(contest, sealedNow, true)).toBe(true);
    expect(boardIsSealed(contest, sealedNow, { isContestAdmin: false, forceRefresh: true })).toBe(true);
    expect(boardIsSealed(contest, sealedNow, { isContestAdmin: true, forceRefresh: false })).toBe(true);
    expect(boardIsSealed(contest, sealedNow, { isContestAdmin: true, forceRefresh: true })).toBe(false);
  });

  it('marks submissions from the end on as after-contest', () => {
    expect(isAfterContest(contest, at('2026-01-01T14:59:59Z'))).toBe(false);
    expect(isAfterContest(contest, at('2026-01-01T15:00:00Z'))).toBe(true);
  });
});
