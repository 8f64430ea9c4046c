import { GroupMemberAuth, JudgeStatus, Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBody, join, makeGroup, setLevel } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { call, makeUser, problemBody } from '../problem/fixtures.js';
import {
  addProblem,
  contestPayload,
  contestSubmit,
  createContest,
  fromNow,
  HOUR,
  newProblem,
} from './contest-fixtures.js';

// Issue 23 §2a: what a seal still leaked through public figures and judging fields. A verdict a sealed contest
// hides stays out of the problem counters, the home page's week statistics and the group rank, and its judging
// fields (judge start / end, version, judger, time, memory) stay blank in every submission view, until the seal
// lifts. PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'a' | 'b' | 'creator' | 'root' | 'teacher', string>;
const uid = {} as Record<'a', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const n of ['a', 'b', 'teacher'] as const) {
    const u = await makeUser(t.ctx, `sl_${n}`, Role.USER);
    tok[n] = u.token;
    if (n === 'a') uid.a = u.uid;
  }
  tok.creator = (await makeUser(t.ctx, 'sl_creator', Role.PROBLEM_ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'sl_root', Role.ROOT)).token;
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 100,
  });
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });

/** The problem list row of `problemId` (public counts: total, ac, wa…). */
async function listCounts(problemId: string, token?: string) {
  const r = await get(`/api/get-problem-list?keyword=${problemId}&currentPage=1&limit=10`, token);
  expect(r.code).toBe(200);
  const row = r.body.data.records.find((x: { problemId: string }) => x.problemId === problemId);
  return { total: row.total, ac: row.ac, wa: row.wa };
}
/** The detail page's problemCount of `problemId`. */
async function detailCounts(problemId: string, token?: string) {
  const r = await get(`/api/get-problem-detail?problemId=${problemId}`, token);
  expect(r.code).toBe(200);
  return r.body.data.problemCount as { total: number; ac: number };
}
/** The week statistics (root may force a fresh count): accepted and per-status totals of the week. */
async function week(force: boolean) {
  const r = await get(`/api/get-last-week-submission-statistics?forceRefresh=${force}`, tok.root);
  expect(r.code).toBe(200);
  const d = r.body.data as {
    acCountList: number[];
    totalCountList: number[];
    statusCountList: { status: number; counts: number[] }[];
  };
  const sum = (l: number[]) => l.reduce((x, y) => x + y, 0);
  const byStatus = Object.fromEntries(d.statusCountList.map((s) => [s.status, sum(s.counts)]));
  return { ac: sum(d.acCountList), total: sum(d.totalCountList), byStatus };
}
const endNow = (cid: number) =>
  t.ctx.db.execute(sql`UPDATE contests SET end_time = ${fromNow(-1000)} WHERE id = ${cid}`);
const detail = async (id: number, token: string) =>
  (await get(`/api/get-submission-detail?submitId=${id}`, token)).body.data.submission;
/** The judging fields a hidden verdict must not show. */
const BLANK = { judgeStart: null, judgeEnd: null, version: 0, judger: null, time: null, memory: null };

describe('a sealed ACM contest', () => {
  let cid: number;
  let late: number;
  const P = 'SL-ACM';

  beforeAll(async () => {
    const pid = await newProblem(t.app, tok.root, P);
    cid = await createContest(t.app, tok.creator, { sealRank: true, sealRankTime: fromNow(-HOUR / 2) });
    await addProblem(t.app, tok.creator, cid, pid, 'A');
  });

  it('keeps a hidden verdict out of the counters, the week statistics and every view until the seal lifts', async () => {
    const before = {
      list: await listCounts(P),
      detail: await detailCounts(P, tok.b),
      week: await week(true),
    };
    const r = await contestSubmit(t.app, tok.a, cid, 'A');
    expect(r.code).toBe(200);
    late = r.body.data.submitId;
    // A rejudge first, so that the version would tell.
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    const rj = await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge?submitId=${late}`,
      token: tok.root,
    });
    expect(rj.code).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);

    expect(await listCounts(P)).toEqual(before.list);
    expect(await listCounts(P, tok.a)).toEqual(before.list);
    expect(await detailCounts(P, tok.b)).toEqual(before.detail);
    const sealedWeek = await week(true);
    expect(sealedWeek.ac).toBe(before.week.ac);
    expect(sealedWeek.total).toBe(before.week.total + 1);
    expect(sealedWeek.byStatus[JudgeStatus.ACCEPTED] ?? 0).toBe(
      before.week.byStatus[JudgeStatus.ACCEPTED] ?? 0,
    );
    expect(sealedWeek.byStatus[JudgeStatus.PENDING]).toBe(
      (before.week.byStatus[JudgeStatus.PENDING] ?? 0) + 1,
    );

    // Another participant: Pending, and nothing of the judging.
    expect(await detail(late, tok.b)).toMatchObject({
      status: JudgeStatus.PENDING,
      isManual: false,
      ...BLANK,
    });
    const list = await get(`/api/contest-submissions?cid=${cid}`, tok.b);
    expect(list.body.data.records.find((x: { submitId: number }) => x.submitId === late)).toMatchObject({
      status: JudgeStatus.PENDING,
      judger: null,
      time: null,
      memory: null,
    });
    // The owner and the contest's admin see it all.
    expect(await detail(late, tok.a)).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      version: 1,
      judger: 'jh',
    });
    expect((await detail(late, tok.creator)).judgeEnd).not.toBeNull();

    // The contest ends (autoRealRank): the seal lifts and everything counts, the cached statistics included.
    await endNow(cid);
    expect(await listCounts(P)).toEqual({
      ...before.list,
      total: before.list.total + 1,
      ac: before.list.ac + 1,
    });
    expect(await detailCounts(P, tok.b)).toMatchObject({
      total: before.detail.total + 1,
      ac: before.detail.ac + 1,
    });
    const lifted = await week(false);
    expect(lifted.ac).toBe(before.week.ac + 1);
    const shown = await detail(late, tok.b);
    expect(shown).toMatchObject({ status: JudgeStatus.ACCEPTED, version: 1, judger: 'jh' });
    expect(shown.judgeEnd).not.toBeNull();
    expect(shown.judgeStart).not.toBeNull();
  });

  it('hides it again when an admin turns automatic unsealing off after the end', async () => {
    const before = await listCounts(P);
    await t.ctx.db.execute(sql`UPDATE contests SET auto_real_rank = false WHERE id = ${cid}`);
    expect(await listCounts(P)).toEqual({ ...before, total: before.total - 1, ac: before.ac - 1 });
    expect(await detail(late, tok.b)).toMatchObject({ status: JudgeStatus.PENDING, ...BLANK });
  });
});

describe('an OI contest sealed from its start', () => {
  it("hides the owner's own verdict from the counters and from the owner's views until the end", async () => {
    const P = 'SL-OI';
    const pid = await newProblem(t.app, tok.root, P, { type: 1 });
    const start = fromNow(-HOUR);
    const cid = await createContest(t.app, tok.creator, {
      type: 1,
      startTime: start,
      sealRank: true,
      sealRankTime: start,
    });
    await addProblem(t.app, tok.creator, cid, pid, 'A');
    const before = { list: await listCounts(P, tok.a), detail: await detailCounts(P, tok.a) };
    const r = await contestSubmit(t.app, tok.a, cid, 'A');
    expect(r.code).toBe(200);
    const id = r.body.data.submitId as number;
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { oiRankScore: 30 });

    expect(await listCounts(P, tok.a)).toEqual(before.list);
    expect(await detailCounts(P, tok.a)).toEqual(before.detail);
    expect(await detail(id, tok.a)).toMatchObject({
      status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      score: null,
      oiRankScore: null,
      ...BLANK,
    });
    const own = await get(`/api/contest-submissions?cid=${cid}&onlyMine=true`, tok.a);
    expect(own.body.data.records[0]).toMatchObject({
      submitId: id,
      status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      judger: null,
    });

    const lastAc = () => get(`/api/get-last-ac-code?pid=${pid}&cid=${cid}`, tok.a);
    expect((await lastAc()).code).toBe(400);

    await endNow(cid);
    expect((await lastAc()).body.data).toMatchObject({ code: 'int main(){}', language: 'C++' });
    expect(await listCounts(P, tok.a)).toEqual({
      ...before.list,
      total: before.list.total + 1,
      ac: before.list.ac + 1,
    });
    expect(await detail(id, tok.a)).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      oiRankScore: 30,
      judger: 'jh',
    });
  });
});

describe("a sealed group contest and the group's figures", () => {
  it('leaves the hidden verdict out of the group rank and the group problem list until the seal lifts', async () => {
    const g = await makeGroup(t.app, tok.teacher, groupBody());
    await join(t.app, tok.a, g.id, { reason: 'Please let me in' });
    await setLevel(t.app, tok.teacher, g.id, uid.a, GroupMemberAuth.MEMBER);
    const p = await call(t.app, {
      method: 'POST',
      url: '/api/group/problem',
      token: tok.teacher,
      payload: problemBody('SLG1', { gid: g.id, auth: 1 }),
    });
    expect(p.code, JSON.stringify(p.body)).toBe(200);
    const groupProblemId = p.body.data.problemId as string;
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/group/contest',
      token: tok.teacher,
      payload: { ...contestPayload({ sealRank: true, sealRankTime: fromNow(-HOUR / 2) }), gid: g.id },
    });
    expect(c.code, JSON.stringify(c.body)).toBe(200);
    const cid = c.body.data.cid as number;
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/group/add-contest-problem-from-group',
      token: tok.teacher,
      payload: { problemId: groupProblemId, cid, displayId: 'A' },
    });
    expect(added.code, JSON.stringify(added.body)).toBe(200);
    const rank = async () =>
      (await get(`/api/get-group-rank-list?gid=${g.id}&type=0`, tok.a)).body.data.records as {
        uid: string;
        ac: number;
        total: number;
      }[];
    const groupCounts = async () => {
      const r = await get(`/api/group/get-problem-list?gid=${g.id}`, tok.a);
      const row = r.body.data.records.find((x: { problemId: string }) => x.problemId === groupProblemId);
      return { total: row.total, ac: row.ac };
    };
    expect(await rank()).toEqual([]);
    const before = await groupCounts();
    expect((await contestSubmit(t.app, tok.a, cid, 'A')).code).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);

    expect(await rank()).toEqual([]);
    expect(await groupCounts()).toEqual(before);

    await endNow(cid);
    expect(await rank()).toMatchObject([{ uid: uid.a, ac: 1, total: 1 }]);
    expect(await groupCounts()).toEqual({ total: before.total + 1, ac: before.ac + 1 });
  });
});

describe("a sealed contest's failing case download", () => {
  it('refuses the failing case of a hidden verdict to a problem admin who is not a contest admin', async () => {
    const P = 'SL-WA';
    const pid = await newProblem(t.app, tok.root, P);
    const cid = await createContest(t.app, tok.creator, { sealRank: true, sealRankTime: fromNow(-HOUR / 2) });
    await addProblem(t.app, tok.creator, cid, pid, 'A');
    const otherAdmin = (await makeUser(t.ctx, 'sl_pa2', Role.PROBLEM_ADMIN)).token;
    const r = await contestSubmit(t.app, tok.a, cid, 'A');
    expect(r.code).toBe(200);
    const id = r.body.data.submitId as number;
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER, { caseStatuses: [JudgeStatus.WRONG_ANSWER] });
    const download = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/file/download-testcase-one?submitId=${id}`,
        headers: { authorization: token },
      });
    // A zip (or "no failing case") would tell the sealed verdict: refused while sealed, as the detail hides it.
    expect((await download(otherAdmin)).statusCode).toBe(403);
    // The contest's own admin judges it: the case is theirs to read.
    expect((await download(tok.creator)).statusCode).toBe(200);
    await endNow(cid);
    expect((await download(otherAdmin)).statusCode).toBe(200);
  });
});
