import { ContestStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import {
  boardIsSealed,
  contestDurationMs,
  contestStatus,
  isAfterContest,
  sealColumns,
  sealOf,
  sealSettings,
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
const HOUR = 3600 * 1000;

describe('contest clock (doc 2 §2.9, §4.5)', () => {
  it('is scheduled before the start, running from the start, ended from the end', () => {
    expect(contestStatus(contest, at('2026-01-01T09:59:59Z'))).toBe(ContestStatus.SCHEDULED);
    expect(contestStatus(contest, at('2026-01-01T10:00:00Z'))).toBe(ContestStatus.RUNNING);
    expect(contestStatus(contest, at('2026-01-01T14:59:59Z'))).toBe(ContestStatus.RUNNING);
    expect(contestStatus(contest, at('2026-01-01T15:00:00Z'))).toBe(ContestStatus.ENDED);
    expect(contestDurationMs(contest)).toBe(5 * HOUR);
  });

  it('seals from the seal time to the end, then unseals by itself when autoRealRank is on', () => {
    const seal = sealOf(contest);
    expect(seal.holds(at('2026-01-01T13:59:59Z'))).toBe(false);
    expect(seal.holds(at('2026-01-01T14:00:00Z'))).toBe(true);
    expect(seal.holds(at('2026-01-01T14:59:59Z'))).toBe(true);
    expect(seal.holds(at('2026-01-01T15:00:00Z'))).toBe(false);
  });

  it('stays sealed after the end when autoRealRank is off, and never seals without sealRank', () => {
    expect(sealOf({ ...contest, autoRealRank: false }).holds(at('2026-02-01T00:00:00Z'))).toBe(true);
    expect(sealOf({ ...contest, sealRank: false }).holds(at('2026-01-01T14:30:00Z'))).toBe(false);
    expect(sealOf({ ...contest, sealRankTime: null }).holds(at('2026-01-01T14:30:00Z'))).toBe(false);
  });

  it('says when the seal starts, how far into the contest and how long it lasts', () => {
    const seal = sealOf(contest);
    expect(seal.startsAt).toEqual(at('2026-01-01T14:00:00Z'));
    expect(seal.offsetMs).toBe(4 * HOUR);
    expect(seal.lengthMs).toBe(HOUR);
    const none = sealOf({ ...contest, sealRank: false });
    expect(none.startsAt).toBeNull();
    expect(none.offsetMs).toBe(5 * HOUR);
    expect(none.lengthMs).toBe(0);
    // A seal time outside the contest: the length is clamped to [0, duration], the offset is not.
    const early = sealOf({ ...contest, sealRankTime: at('2026-01-01T09:00:00Z') });
    expect(early.lengthMs).toBe(5 * HOUR);
    expect(early.offsetMs).toBe(-HOUR);
  });

  it('puts a submission after the seal from the seal time on, and none when there is no seal', () => {
    expect(sealOf(contest).after(at('2026-01-01T13:59:59Z'))).toBe(false);
    expect(sealOf(contest).after(at('2026-01-01T14:00:00Z'))).toBe(true);
    expect(sealOf({ ...contest, sealRank: false }).after(at('2026-01-01T14:30:00Z'))).toBe(false);
  });

  it('writes the settings for the API and stores the time only while the seal is on', () => {
    expect(sealSettings(contest)).toEqual({ sealRank: true, sealRankTime: '2026-01-01T14:00:00.000Z' });
    expect(sealSettings({ sealRank: false, sealRankTime: null })).toEqual({
      sealRank: false,
      sealRankTime: null,
    });
    expect(sealColumns({ sealRank: true, sealRankTime: '2026-01-01T14:00:00Z' })).toEqual({
      sealRank: true,
      sealRankTime: at('2026-01-01T14:00:00Z'),
    });
    expect(sealColumns({ sealRank: false, sealRankTime: '2026-01-01T14:00:00Z' })).toEqual({
      sealRank: false,
      sealRankTime: null,
    });
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
