import { type OiRowVo, Role, JudgeStatus as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest } from './board-fixtures.js';

// OI boards built by hand (notes "Contests"): Recent takes each problem's latest verdict, Highest its best; ties
// by the sum of the fastest AC run times.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
});
afterAll(async () => {
  await t?.close();
});

async function story(oiRankScoreType: string, sealAgoMin: number | null = null) {
  const { cid, start } = await makeContest(t.ctx, {
    type: 1,
    creatorUid: u.cre.uid,
    startAgoMin: 60,
    endInMin: 60,
    sealAgoMin,
    oiRankScoreType,
  });
  const p = await addProblems(t.ctx, cid, ['A', 'B'], 1);
  const sub = (who: string, d: string, min: number, status: number, score: number, time: number) =>
    judged(t.ctx, { cid, start, uid: u[who].uid, pid: p[d], min, status, score, time });
  await sub('ann', 'A', 10, S.PARTIAL_ACCEPTED, 40, 100);
  await sub('ann', 'A', 20, S.ACCEPTED, 100, 50);
  await sub('ann', 'A', 30, S.PARTIAL_ACCEPTED, 30, 20);
  await sub('ann', 'B', 40, S.ACCEPTED, 100, 70);
  await sub('bob', 'A', 15, S.ACCEPTED, 100, 60);
  await sub('bob', 'B', 50, S.PARTIAL_ACCEPTED, 60, 10);
  await sub('cat', 'A', 25, S.ACCEPTED, 100, 30);
  await sub('cat', 'B', 35, S.PARTIAL_ACCEPTED, 60, 10);
  await sub('dan', 'A', 26, S.ACCEPTED, 100, 30);
  await sub('dan', 'B', 36, S.PARTIAL_ACCEPTED, 60, 99);
  await rebuildBoard(t.ctx.db, cid);
  return cid;
}

const brief = (r: OiRowVo) => [r.username, r.rank, r.totalScore, r.totalTime];

describe('OI board', () => {
  it('Recent: the latest verdict of each problem; ties by the fastest AC times, equal rank when equal', async () => {
    const cid = await story('Recent');
    const { code, page } = await board(t.app, u.ann.token, { cid });
    expect(code).toBe(200);
    // ann: A latest 30 + B 100 = 130, AC times 50 + 70; cat and dan 160 with AC time 30 (PA times do not count).
    expect((page.records as OiRowVo[]).map(brief)).toEqual([
      ['cat', 1, 160, 30],
      ['dan', 1, 160, 30],
      ['bob', 3, 160, 60],
      ['ann', 4, 130, 120],
    ]);
    expect((page.records[3] as OiRowVo).submissionInfo).toEqual({ A: 30, B: 100 });
    expect((page.records[3] as OiRowVo).timeInfo).toEqual({ A: 50, B: 70 });
  });

  it('Highest: the best verdict of each problem', async () => {
    const cid = await story('Highest');
    const rows = (await board(t.app, u.bob.token, { cid })).page.records as OiRowVo[];
    expect(rows.map(brief)).toEqual([
      ['ann', 1, 200, 120],
      ['cat', 2, 160, 30],
      ['dan', 2, 160, 30],
      ['bob', 4, 160, 60],
    ]);
  });

  it('keeps post-seal scores hidden while sealed, the participant’s own too; admins see them', async () => {
    const cid = await story('Recent', 12); // sealed from minute 48: bob's B (minute 50) is hidden
    for (const who of ['ann', 'bob']) {
      const { page } = await board(t.app, u[who].token, { cid });
      const bob = (page.records as OiRowVo[]).find((r) => r.username === 'bob');
      expect(page.sealed).toBe(true);
      expect(bob?.submissionInfo.B).toBeUndefined();
      expect(bob?.tryInfo.B).toBe(1);
      expect(bob?.totalScore).toBe(100);
    }
    const real = (await board(t.app, u.cre.token, { cid })).page.records as OiRowVo[];
    expect(real.find((r) => r.username === 'bob')?.submissionInfo.B).toBe(60);
  });
});
