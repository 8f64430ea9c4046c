import { JudgeStatus } from '@oj/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeNext, registerJudgehost, submitAs } from './judge-helpers.js';

// Issue 14 defect 10: the user home shows the rank tables' figures (one scale, one meaning everywhere).
let t: TestApp;
let root: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterEach(async () => t.close());

describe('user home figures', () => {
  it('answers the same ac, total and OI score as the OI and ACM rank tables', async () => {
    const p1 = (await aPlusB(t.ctx, 'P1')).problemId;
    const p2 = (await aPlusB(t.ctx, 'P2')).problemId;
    await submitAs(t.app, root, p1);
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER, { oiRankScore: 4 });
    await submitAs(t.app, root, p1);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { oiRankScore: 210 });
    await submitAs(t.app, root, p2);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { oiRankScore: 90 });
    const home = (await call(t.app, 'GET', '/api/get-user-home-info?username=root', {})).body.data;
    expect(home.rankRecord).toEqual({ ac: 2, total: 3, score: 300 });
    expect(home.scoreList.reduce((a: number, b: number) => a + b, 0)).toBe(300);
    for (const type of ['OI', 'ACM']) {
      const rank = (await call(t.app, 'GET', `/api/get-rank-list?type=${type}&currentPage=1&limit=30`, {}))
        .body.data;
      const row = rank.records.find((r: { username: string }) => r.username === 'root');
      expect({ ac: row.ac, total: row.total, score: row.score }).toEqual(home.rankRecord);
    }
  });
});
