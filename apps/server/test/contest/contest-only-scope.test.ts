import { GroupAuth, JudgeStatus, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBody, join, makeGroup, setLevel } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerJudgehost } from '../judge/judge-helpers.js';
import { call, makeUser, problemBody } from '../problem/fixtures.js';
import { contestSubmit, createContest, fromNow, HOUR, newProblem, OI_SAMPLES } from './contest-fixtures.js';

// Issue 23 §1: what a contestant needs on a contest-only problem's page — its languages, test runs (type contest)
// and the focus-mode strip (GET /api/get-full-screen-problem-list) — under the contest's own permission rule; on
// PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'root' | 'creator' | 'alice' | 'stranger' | 'noSubmit', string>;
/** A public ACM contest and a private OI one sealed now (password 'pw', alice registered), each with one contest-only problem. */
let acm = 0;
let oi = 0;
let acmPid = 0;
let oiPid = 0;
let publicPid = 0;
const CODE = 'int main(){return 0;}';

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  call(t.app, { method: 'POST', url, token, payload });

/** Creates a problem inside contest `cid` (auth contest-only, the default there) as display id A; returns its pid. */
async function contestOnlyProblem(cid: number, problemId: string, over: Record<string, unknown> = {}) {
  const body = problemBody(problemId, over, over.type === 1 ? OI_SAMPLES : {});
  const { auth: _auth, ...problem } = body.problem;
  const r = await post('/api/admin/contest/problem', { ...body, problem, cid, displayId: 'A' }, tok.creator);
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.pid as number;
}

const testRun = (payload: Record<string, unknown>, token = tok.alice) =>
  post(
    '/api/submit-problem-test-judge',
    { language: 'C++', code: CODE, userInput: '1 2', ...payload },
    token,
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 100,
  });
  await registerJudgehost(t.app, t.ctx, 'jh');
  tok.root = (await makeUser(t.ctx, 'co_root', Role.ROOT)).token;
  tok.creator = (await makeUser(t.ctx, 'co_creator', Role.PROBLEM_ADMIN)).token;
  tok.alice = (await makeUser(t.ctx, 'co_alice', Role.USER)).token;
  tok.stranger = (await makeUser(t.ctx, 'co_stranger', Role.USER)).token;
  tok.noSubmit = (await makeUser(t.ctx, 'co_nosubmit', Role.NO_SUBMIT)).token;
  acm = await createContest(t.app, tok.creator, { title: 'ACM' });
  oi = await createContest(t.app, tok.creator, {
    title: 'OI',
    type: 1,
    auth: 1,
    pwd: 'pw',
    sealRank: true,
    sealRankTime: fromNow(-HOUR / 2),
  });
  acmPid = await contestOnlyProblem(acm, 'CO-ACM');
  oiPid = await contestOnlyProblem(oi, 'CO-OI', { type: 1 });
  publicPid = await newProblem(t.app, tok.root, 'CO-PUB');
  const reg = await post('/api/register-contest', { cid: oi, password: 'pw' }, tok.alice);
  expect(reg.code).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/get-problem-languages in a contest', () => {
  it('a contest-only problem: 403 alone, the languages with the contest cid (as the contest problem detail)', async () => {
    expect((await get(`/api/get-problem-languages?pid=${acmPid}`, tok.alice)).code).toBe(403);
    const inContest = await get(`/api/get-problem-languages?pid=${acmPid}&cid=${acm}`, tok.alice);
    expect(inContest.code).toBe(200);
    expect((inContest.body.data as { name: string }[]).map((l) => l.name).sort()).toEqual(['C', 'C++']);
    // The same problem through a contest that does not hold it, a contest the caller may not enter, anonymous.
    expect((await get(`/api/get-problem-languages?pid=${acmPid}&cid=${oi}`, tok.alice)).code).toBe(404);
    expect((await get(`/api/get-problem-languages?pid=${oiPid}&cid=${oi}`, tok.stranger)).code).toBe(403);
    expect((await get(`/api/get-problem-languages?pid=${acmPid}&cid=${acm}`)).code).toBe(401);
    expect((await get(`/api/get-problem-languages?pid=${acmPid}&cid=abc`, tok.alice)).code).toBe(400);
  });

  it('the submit the page then makes is accepted', async () => {
    expect((await contestSubmit(t.app, tok.alice, acm, acmPid)).code).toBe(200);
  });
});

describe('POST /api/submit-problem-test-judge with type contest', () => {
  it('runs on a contest-only problem with the cid; public is refused as before', async () => {
    const pub = await testRun({ pid: acmPid, type: 'public' });
    expect(pub.code).toBe(403);
    const run = await testRun({ pid: acmPid, type: 'contest', cid: acm });
    expect(run.code, JSON.stringify(run.body)).toBe(200);
    const result = await get(`/api/get-test-judge-result?testJudgeKey=${run.body.data}`, tok.alice);
    expect(result.body.data.status).toBe(JudgeStatus.PENDING);
  });

  it('the contest admission decides: registration, the cid, the problem of the contest, the type', async () => {
    // One unfinished test run a user: the others' answers are decided before the queue is looked at.
    const missing = await testRun({ pid: acmPid, type: 'contest' }, tok.stranger);
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toContain('cid');
    expect((await testRun({ pid: oiPid, type: 'contest', cid: oi }, tok.stranger)).code).toBe(403);
    expect((await testRun({ pid: oiPid, type: 'contest', cid: acm }, tok.stranger)).code).toBe(404);
    expect((await testRun({ pid: acmPid, type: 'contest', cid: acm }, tok.noSubmit)).code).toBe(403);
    const bad = await testRun({ pid: acmPid, type: 'remote', cid: acm }, tok.stranger);
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('type');
    // By display id as a submit takes it; registered in the protected contest.
    const byDisplay = await testRun({ pid: 'A', type: 'contest', cid: oi }, tok.root);
    expect(byDisplay.code, JSON.stringify(byDisplay.body)).toBe(200);
  });

  it('a public problem still runs as public', async () => {
    expect((await testRun({ pid: publicPid, type: 'public' }, tok.stranger)).code).toBe(200);
  });
});

describe('GET /api/get-full-screen-problem-list', () => {
  it('a contest: display ids, titles and the caller status; hidden OI results stay hidden', async () => {
    const acmList = await get(`/api/get-full-screen-problem-list?cid=${acm}`, tok.alice);
    expect(acmList.code).toBe(200);
    expect(acmList.body.data).toEqual([
      { pid: acmPid, problemId: 'A', title: 'Title of CO-ACM', status: JudgeStatus.PENDING, score: null },
    ]);
    // OI without real-time results: a submitted problem shows -5 and no score, to the participant.
    expect((await contestSubmit(t.app, tok.alice, oi, 'A')).code).toBe(200);
    const oiList = await get(`/api/get-full-screen-problem-list?cid=${oi}`, tok.alice);
    expect(oiList.body.data).toEqual([
      {
        pid: oiPid,
        problemId: 'A',
        title: 'Title of CO-OI',
        status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
        score: null,
      },
    ]);
  });

  it('access as the contest: 401 anonymous, 403 unregistered in a private contest, 404 unknown, 400 no scope', async () => {
    expect((await get(`/api/get-full-screen-problem-list?cid=${acm}`)).code).toBe(401);
    expect((await get(`/api/get-full-screen-problem-list?cid=${oi}`, tok.stranger)).code).toBe(403);
    expect((await get('/api/get-full-screen-problem-list?cid=999999', tok.alice)).code).toBe(404);
    const none = await get('/api/get-full-screen-problem-list', tok.alice);
    expect(none.code).toBe(400);
    expect(none.body.msg).toContain('cid');
    expect((await get('/api/get-full-screen-problem-list?cid=x', tok.alice)).code).toBe(400);
  });

  it('a training: its problems by display id with the caller status', async () => {
    const cat = await post('/api/admin/training/category', { name: 'Strip', color: '#00ff00' }, tok.root);
    const tr = await post(
      '/api/admin/training',
      {
        training: { title: 'Strip training', description: 'One problem', auth: 'Public' },
        trainingCategory: { id: cat.body.data.id },
      },
      tok.root,
    );
    const tid = tr.body.data.tid as number;
    const add = await post(
      '/api/admin/training/add-problem-from-public',
      { tid, pid: publicPid, displayId: 'T1' },
      tok.root,
    );
    expect(add.code).toBe(200);
    const list = await get(`/api/get-full-screen-problem-list?tid=${tid}`, tok.alice);
    expect(list.code).toBe(200);
    expect(list.body.data).toEqual([
      {
        pid: publicPid,
        problemId: 'T1',
        title: 'Title of CO-PUB',
        status: JudgeStatus.NOT_SUBMITTED,
        score: null,
      },
    ]);
    expect((await get(`/api/get-full-screen-problem-list?tid=${tid}`)).code).toBe(401);
  });
});

describe('a group problem page (the same check for groups)', () => {
  it('a member gets the languages with the gid and test-runs as type group; outsiders are refused', async () => {
    const teacher = await makeUser(t.ctx, 'co_teacher', Role.USER);
    const member = await makeUser(t.ctx, 'co_member', Role.USER);
    const g = await makeGroup(t.app, teacher.token, groupBody(GroupAuth.PROTECTED));
    expect((await join(t.app, member.token, g.id, { reason: 'class' })).code).toBe(200);
    expect((await setLevel(t.app, teacher.token, g.id, member.uid, 3)).code).toBe(200);
    const made = await post(
      '/api/group/problem',
      problemBody('9101', { gid: g.id, auth: 1, title: 'Group only' }),
      teacher.token,
    );
    expect(made.code, JSON.stringify(made.body)).toBe(200);
    const pid = made.body.data.pid as number;
    const langs = await get(`/api/get-problem-languages?pid=${pid}&gid=${g.id}`, member.token);
    expect(langs.code).toBe(200);
    expect((await get(`/api/get-problem-languages?pid=${pid}&gid=${g.id}`, tok.stranger)).code).toBe(403);
    // The gid must be the problem's group.
    expect((await get(`/api/get-problem-languages?pid=${acmPid}&gid=${g.id}`, member.token)).code).toBe(404);
    const run = await testRun({ pid, type: 'group', gid: g.id }, member.token);
    expect(run.code, JSON.stringify(run.body)).toBe(200);
    const outsider = await post(
      '/api/submit-problem-test-judge',
      { pid, language: 'C++', code: CODE, userInput: '1', type: 'group', gid: g.id },
      tok.stranger,
    );
    expect(outsider.code).toBe(403);
  });
});
