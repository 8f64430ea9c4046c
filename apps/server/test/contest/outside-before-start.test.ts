import { ContestStatus, Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, MIN, makeContest } from './board-fixtures.js';

// A contest's outside information says nothing about its problems before the start (issue 23 §2b item 2;
// docs/contests.md "Who may do what"): the outside info's problemList is empty for everyone but its admins.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  u.ann = await makeUser(t.ctx, 'ann', Role.USER);
  u.pad = await makeUser(t.ctx, 'pad', Role.PROBLEM_ADMIN);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
});
afterAll(async () => {
  await t?.close();
});

const info = (cid: number, token?: string) =>
  call(t.app, 'GET', `/api/get-contest-outsize-info?cid=${cid}`, { token });
const ids = (r: { body: { data: { problemList: { displayId: string }[] } } }) =>
  r.body.data.problemList.map((p) => p.displayId);

describe('GET /api/get-contest-outsize-info before the start', () => {
  it('lists no problems to anonymous callers, users and other admins; the contest admins get them', async () => {
    const { cid } = await makeContest(t.ctx, {
      creatorUid: u.cre.uid,
      startAgoMin: -30,
      endInMin: 90,
      openRank: true,
    });
    await addProblems(t.ctx, cid, ['A', 'B']);
    for (const token of [undefined, u.ann.token, u.pad.token]) {
      const r = await info(cid, token);
      expect(r.code).toBe(200);
      expect(r.body.data.contest).toMatchObject({ id: cid, status: ContestStatus.SCHEDULED });
      expect(r.body.data.problemList).toEqual([]);
    }
    expect(ids(await info(cid, u.cre.token))).toEqual(['A', 'B']);
    const board = await call(t.app, 'POST', '/api/get-contest-outside-scoreboard', { payload: { cid } });
    expect(board.code).toBe(200);
    expect(board.body.data.records).toEqual([]);

    // Once it starts, the outside board shows the columns to everyone.
    await t.ctx.db
      .update(contests)
      .set({ startTime: new Date(Date.now() - MIN), gmtModified: new Date() })
      .where(eq(contests.id, cid));
    const started = await info(cid);
    expect(started.body.data.contest.status).toBe(ContestStatus.RUNNING);
    expect(ids(started)).toEqual(['A', 'B']);
  });
});
