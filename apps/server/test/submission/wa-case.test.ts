import { JudgeStatus, Role } from '@oj/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import {
  call,
  judgeNext as judgeNextAs,
  registerJudgehost,
  submitAs,
  userWithRole,
} from '../judge/judge-helpers.js';

let t: TestApp;
let root: string;
let alice: string;
let bob: string;
let probAdmin: string;
let admin: string;
/** alice's WA on the 4-case problem: cases 1-2 AC, case 3 (big.in) the first failing one. */
let waOn4: number;
/** alice's TLE on the 3-case problem (case 2 fails). */
let waOn3: number;
/** alice's AC on the 4-case problem. */
let acOn4: number;

const FOUR = [
  { input: 'in-1\n', output: 'out-1\n' },
  { input: 'in-2\n', output: 'out-2\n' },
  { input: 'third input\n1 2 3\n', output: 'third answer\n6\n', inputName: 'big.in', outputName: 'big.ans' },
  { input: 'in-4\n', output: 'out-4\n' },
];

const judgeNext = (status: number, caseStatuses: number[]) =>
  judgeNextAs(t.app, t.ctx, status, { caseStatuses });
const submit = (token: string, pid: string) => submitAs(t.app, token, pid);

async function detail(submitId: number, token?: string) {
  const r = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${submitId}`, { token });
  expect(r.code).toBe(200);
  return r.body.data.waCaseData;
}

async function download(query: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/file/download-testcase-one?${query}`,
    headers: token ? { authorization: token } : {},
  });
}

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  alice = await userWithRole(t.app, t.ctx, 'alice', Role.USER);
  bob = await userWithRole(t.app, t.ctx, 'bob', Role.USER);
  probAdmin = await userWithRole(t.app, t.ctx, 'pa', Role.PROBLEM_ADMIN);
  admin = await userWithRole(t.app, t.ctx, 'adm', Role.ADMIN);
  await registerJudgehost(t.app, t.ctx, 'jh');
  await createProblem(t.ctx.db, { problem: { title: 'Four', problemId: 'F4' }, testcases: FOUR });
  await createProblem(t.ctx.db, {
    problem: { title: 'Three', problemId: 'T3' },
    testcases: FOUR.slice(0, 3),
  });
  await submit(alice, 'F4');
  waOn4 = await judgeNext(WA, [AC, AC, WA, JudgeStatus.TIME_LIMIT_EXCEEDED]);
  await submit(alice, 'T3');
  waOn3 = await judgeNext(JudgeStatus.TIME_LIMIT_EXCEEDED, [AC, JudgeStatus.TIME_LIMIT_EXCEEDED, WA]);
  await submit(alice, 'F4');
  acOn4 = await judgeNext(AC, [AC, AC, AC, AC]);
});
afterAll(async () => t?.close());

describe('waCaseData of GET /api/get-submission-detail', () => {
  it('gives the owner the first failing case of a problem with more than 3 cases', async () => {
    expect(await detail(waOn4, alice)).toEqual({ caseIndex: 3, inputName: 'big.in', outputName: 'big.ans' });
  });

  it('is null for the owner on a 3-case problem, for other users, for guests and for AC', async () => {
    expect(await detail(waOn3, alice)).toBeNull();
    expect(await detail(waOn4, bob)).toBeNull();
    expect(await detail(waOn4)).toBeNull();
    expect(await detail(waOn4, admin)).toBeNull();
    expect(await detail(acOn4, alice)).toBeNull();
    expect(await detail(acOn4, root)).toBeNull();
  });

  it('is given to the super admin and the problem admin whatever the case count', async () => {
    expect(await detail(waOn3, root)).toEqual({ caseIndex: 2, inputName: '2.in', outputName: '2.out' });
    expect(await detail(waOn3, probAdmin)).toMatchObject({ caseIndex: 2 });
    expect(await detail(waOn4, probAdmin)).toMatchObject({ caseIndex: 3 });
  });
});

describe('GET /api/file/download-testcase-one', () => {
  it('sends the owner a zip with the failing case input and expected output', async () => {
    const res = await download(`submitId=${waOn4}&pid=F4&data=3`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['big.ans', 'big.in']);
    expect(Buffer.from(files['big.in']).equals(Buffer.from(FOUR[2].input))).toBe(true);
    expect(Buffer.from(files['big.ans']).equals(Buffer.from(FOUR[2].output))).toBe(true);
  });

  it('refuses the owner on a 3-case problem, other users and plain admins (403), guests (401)', async () => {
    expect((await download(`submitId=${waOn3}`, alice)).statusCode).toBe(403);
    const other = await download(`submitId=${waOn4}`, bob);
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toMatch(/permission/);
    expect((await download(`submitId=${waOn4}`, admin)).statusCode).toBe(403);
    expect((await download(`submitId=${waOn4}`)).statusCode).toBe(401);
  });

  it('lets the super admin and the problem admin download any failing case', async () => {
    const res = await download(`submitId=${waOn3}`, root);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(new TextDecoder().decode(files['2.in'])).toBe('in-2\n');
    expect(new TextDecoder().decode(files['2.out'])).toBe('out-2\n');
    expect((await download(`submitId=${waOn4}`, probAdmin)).statusCode).toBe(200);
  });

  it('answers 400 for an AC submission, 404 for an unknown one, 400 for bad or mismatched fields', async () => {
    const ac = await download(`submitId=${acOn4}`, root);
    expect(ac.statusCode).toBe(400);
    expect(ac.json().msg).toMatch(/failing/);
    expect((await download(`submitId=${acOn4}`, alice)).statusCode).toBe(400);
    expect((await download('submitId=999999', root)).statusCode).toBe(404);
    const missing = await download('pid=F4', root);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/submitId/);
    const wrongPid = await download(`submitId=${waOn4}&pid=T3`, alice);
    expect(wrongPid.statusCode).toBe(400);
    expect(wrongPid.json().msg).toMatch(/pid/);
    const wrongCase = await download(`submitId=${waOn4}&data=1`, alice);
    expect(wrongCase.statusCode).toBe(400);
    expect(wrongCase.json().msg).toMatch(/data/);
  });
});
