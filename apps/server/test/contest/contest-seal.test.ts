import { JudgeStatus, Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestVerdictEvent } from '../../src/modules/contest/contest.events.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost, submitAs } from '../judge/judge-helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { addProblem, contestSubmit, createContest, fromNow, HOUR, newProblem } from './contest-fixtures.js';

// What participants see of verdicts while a contest is sealed or not real-time (doc 2 §2.8, §2.9; issue 9 §3),
// and the verdict seam the scoreboard listens on. PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'a' | 'b' | 'creator' | 'root', string>;
let acmPid: number;
let oiPid: number;
const events: ContestVerdictEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tok.a = (await makeUser(t.ctx, 'se_a', Role.USER)).token;
  tok.b = (await makeUser(t.ctx, 'se_b', Role.USER)).token;
  tok.creator = (await makeUser(t.ctx, 'se_creator', Role.PROBLEM_ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'se_root', Role.ROOT)).token;
  acmPid = await newProblem(t.app, tok.root, 'SE-ACM');
  oiPid = await newProblem(t.app, tok.root, 'SE-OI', { type: 1 });
  await registerJudgehost(t.app, t.ctx, 'jh');
  t.ctx.events.on(
    'contest/verdict',
    async (_tx, e) => {
      events.push(e);
    },
    { area: 'test' },
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => call(t.app, { method: 'GET', url, token });
/** Submits to problem A as `token` and judges it at once with `status`; returns the submitId. */
async function submitJudged(token: string, cid: number, status: number) {
  const r = await contestSubmit(t.app, token, cid, 'A');
  expect(r.code).toBe(200);
  await judgeNext(t.app, t.ctx, status);
  return r.body.data.submitId as number;
}
const setSubmitTime = (submitId: number, at: string) =>
  t.ctx.db.execute(sql`UPDATE submissions SET submit_time = ${at} WHERE id = ${submitId}`);
const statuses = async (cid: number, token: string, q = '') =>
  Object.fromEntries(
    (
      (await get(`/api/contest-submissions?cid=${cid}${q}`, token)).body.data.records as {
        submitId: number;
        status: number;
      }[]
    ).map((r) => [r.submitId, r.status]),
  );

describe('a sealed ACM contest', () => {
  let cid: number;
  let early: number;
  let late: number;
  let bOwn: number;

  beforeAll(async () => {
    cid = await createContest(t.app, tok.creator, { sealRank: true, sealRankTime: fromNow(-HOUR / 2) });
    await addProblem(t.app, tok.creator, cid, acmPid, 'A');
    early = await submitJudged(tok.a, cid, JudgeStatus.WRONG_ANSWER);
    await setSubmitTime(early, fromNow(-0.75 * HOUR));
    late = await submitJudged(tok.a, cid, JudgeStatus.ACCEPTED);
    bOwn = await submitJudged(tok.b, cid, JudgeStatus.WRONG_ANSWER);
  });

  it("hides others' post-seal verdicts as Pending, shows earlier ones and one's own", async () => {
    expect(await statuses(cid, tok.b)).toEqual({
      [early]: JudgeStatus.WRONG_ANSWER,
      [late]: JudgeStatus.PENDING,
      [bOwn]: JudgeStatus.WRONG_ANSWER,
    });
    expect((await statuses(cid, tok.a))[late]).toBe(JudgeStatus.ACCEPTED);
    expect((await statuses(cid, tok.creator))[late]).toBe(JudgeStatus.ACCEPTED);
    expect((await statuses(cid, tok.root))[late]).toBe(JudgeStatus.ACCEPTED);
  });

  it('does not let a status filter reveal a hidden verdict', async () => {
    expect(await statuses(cid, tok.b, `&status=${JudgeStatus.ACCEPTED}`)).toEqual({});
    expect(await statuses(cid, tok.creator, `&status=${JudgeStatus.ACCEPTED}`)).toEqual({ [late]: 0 });
    expect(await statuses(cid, tok.b, `&status=${JudgeStatus.WRONG_ANSWER}`)).toEqual({
      [early]: -1,
      [bOwn]: -1,
    });
  });

  it('hides them in the status check too', async () => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/check-contest-submissions-status',
      token: tok.b,
      payload: { cid, submitIds: [early, late, bOwn, 999_999] },
    });
    expect(Object.values(r.body.data).map((v) => (v as { status: number }).status)).toEqual([-1, 5, -1]);
    const practice = (cid?: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/check-submissions-status',
        token: tok.b,
        payload: { submitIds: [late], cid },
      });
    expect((await practice()).body.data).toEqual({});
    expect((await practice(cid)).body.data[late].status).toBe(JudgeStatus.PENDING);
  });

  it('hides them on the submission detail and case results, and lets contest admins read the code', async () => {
    const detail = (id: number, token?: string) =>
      call(t.app, { method: 'GET', url: `/api/get-submission-detail?submitId=${id}`, token });
    const hidden = (await detail(late, tok.b)).body.data.submission;
    expect(hidden).toMatchObject({ status: JudgeStatus.PENDING, time: null, memory: null, code: null });
    expect((await get(`/api/get-all-case-result?submitId=${late}`, tok.b)).body.data).toBeNull();
    expect((await detail(early, tok.b)).body.data.submission.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await detail(late)).toMatchObject({ code: 401 });
    const admin = (await detail(late, tok.creator)).body.data.submission;
    expect(admin).toMatchObject({ status: JudgeStatus.ACCEPTED, code: 'int main(){}' });
    expect((await detail(late, tok.a)).body.data.submission.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('shows problem counts as unknown to participants and real to contest admins', async () => {
    const [mine] = (await get(`/api/get-contest-problem?cid=${cid}`, tok.b)).body.data;
    expect(mine).toMatchObject({ displayId: 'A', ac: null, total: null, myStatus: JudgeStatus.WRONG_ANSWER });
    const [real] = (await get(`/api/get-contest-problem?cid=${cid}`, tok.creator)).body.data;
    expect(real).toMatchObject({ ac: 1, total: 3 });
    expect(
      (await get(`/api/get-contest-problem-details?cid=${cid}&displayId=a`, tok.b)).body.data,
    ).toMatchObject({
      problemCount: null,
      contestProblem: { displayId: 'A' },
    });
    const details = (await get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, tok.creator)).body
      .data;
    expect(details.problemCount).toMatchObject({ total: 3, ac: 1, wa: 2 });
  });

  it('unseals at the end with autoRealRank, and stays sealed after it without', async () => {
    await setSubmitTime(late, fromNow(-HOUR / 4));
    await t.ctx.db.execute(sql`UPDATE contests SET end_time = ${fromNow(-60_000)} WHERE id = ${cid}`);
    expect((await statuses(cid, tok.b))[late]).toBe(JudgeStatus.ACCEPTED);
    await t.ctx.db.execute(sql`UPDATE contests SET auto_real_rank = false WHERE id = ${cid}`);
    expect((await statuses(cid, tok.b))[late]).toBe(JudgeStatus.PENDING);
  });
});

describe('an OI contest without real-time results', () => {
  it("hides every participant's verdicts and scores, their own too, but not from contest admins", async () => {
    const start = fromNow(-HOUR);
    const cid = await createContest(t.app, tok.creator, {
      type: 1,
      startTime: start,
      sealRank: true,
      sealRankTime: start,
    });
    await addProblem(t.app, tok.creator, cid, oiPid, 'A');
    const s = await submitJudged(tok.a, cid, JudgeStatus.ACCEPTED);
    expect(await statuses(cid, tok.a)).toEqual({ [s]: JudgeStatus.SUBMITTED_UNKNOWN_RESULT });
    expect(await statuses(cid, tok.a, '&status=0')).toEqual({});
    expect((await get(`/api/get-contest-problem?cid=${cid}`, tok.a)).body.data[0]).toMatchObject({
      myStatus: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      total: null,
    });
    expect(
      (await get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, tok.a)).body.data.myStatus,
    ).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
    const statusCall = await call(t.app, {
      method: 'POST',
      url: '/api/get-user-problem-status',
      token: tok.a,
      payload: { pidList: [oiPid], isContestProblemList: true, cid },
    });
    expect(statusCall.body.data[oiPid]).toEqual({
      status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      score: null,
    });
    expect(await statuses(cid, tok.creator)).toEqual({ [s]: JudgeStatus.ACCEPTED });
  });

  it('shows verdicts when the OI contest is not sealed', async () => {
    const cid = await createContest(t.app, tok.creator, { type: 1 });
    await addProblem(t.app, tok.creator, cid, oiPid, 'A');
    const s = await submitJudged(tok.a, cid, JudgeStatus.ACCEPTED);
    expect(await statuses(cid, tok.a)).toEqual({ [s]: JudgeStatus.ACCEPTED });
  });
});

describe('the verdict seam', () => {
  it('tells listeners of contest verdicts and rejudge resets, not of practice ones', async () => {
    const cid = await createContest(t.app, tok.creator);
    await addProblem(t.app, tok.creator, cid, acmPid, 'A');
    events.length = 0;
    const s = await submitJudged(tok.b, cid, JudgeStatus.ACCEPTED);
    await submitAs(t.app, tok.b, 'SE-ACM');
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    expect(events).toEqual([
      expect.objectContaining({
        cid,
        submitId: s,
        status: JudgeStatus.ACCEPTED,
        previousStatus: null,
        source: 'judge',
      }),
    ]);
    const rejudge = await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge?submitId=${s}`,
      token: tok.root,
    });
    expect(rejudge.code).toBe(200);
    expect(events[1]).toMatchObject({
      cid,
      submitId: s,
      status: JudgeStatus.PENDING,
      previousStatus: 0,
      source: 'rejudge',
    });
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    expect(events[2]).toMatchObject({
      submitId: s,
      status: JudgeStatus.WRONG_ANSWER,
      previousStatus: 0,
      source: 'judge',
    });
  });
});
