import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import {
  aPlusB,
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
let pub: string;
let priv: string;

const judgeNext = (status: number) => judgeNextAs(t.app, t.ctx, status);
const submit = (token: string, pid: string) => submitAs(t.app, token, pid);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  alice = await userWithRole(t.app, t.ctx, 'alice', Role.USER);
  bob = await userWithRole(t.app, t.ctx, 'bob', Role.USER);
  await registerJudgehost(t.app, t.ctx, 'jh');
  pub = (await aPlusB(t.ctx, 'P1001')).problemId;
  priv = (
    await createProblem(t.ctx.db, {
      problem: { title: 'Hidden', problemId: 'H2001', auth: 2 },
      testcases: [{ input: '1\n', output: '1\n' }],
    })
  ).problemId;
  // alice: WA then AC on P1001; bob: WA on P1001; root: AC on the private problem.
  await submit(alice, pub);
  await judgeNext(-1);
  await submit(alice, pub);
  await judgeNext(0);
  await submit(bob, pub);
  await judgeNext(-1);
  await submit(root, priv);
  await judgeNext(0);
});
afterAll(async () => t?.close());

describe('GET /api/get-submission-list', () => {
  it('lists public-problem submissions newest first without code, with the problem title', async () => {
    const r = await call(t.app, 'GET', '/api/get-submission-list?currentPage=1&limit=15');
    expect(r.code).toBe(200);
    const recs = r.body.data.records;
    expect(r.body.data.total).toBe(3);
    expect(recs.map((x: { username: string }) => x.username)).toEqual(['bob', 'alice', 'alice']);
    expect(recs[1]).toMatchObject({ status: 0, title: 'A+B', displayPid: 'P1001', time: 5, memory: 1000 });
    expect(recs[0].code).toBeUndefined();
  });

  it('shows submissions of private problems to admins only', async () => {
    const r = await call(t.app, 'GET', '/api/get-submission-list', { token: root });
    expect(r.body.data.total).toBe(4);
    const asUser = await call(t.app, 'GET', `/api/get-submission-list?problemID=${priv}`, { token: alice });
    expect(asUser.body.data.total).toBe(0);
  });

  it('filters by mine, status, username and problem id', async () => {
    const mine = await call(t.app, 'GET', '/api/get-submission-list?onlyMine=true', { token: bob });
    expect(mine.body.data.records.map((x: { username: string }) => x.username)).toEqual(['bob']);
    const ac = await call(t.app, 'GET', '/api/get-submission-list?status=0');
    expect(ac.body.data.records).toHaveLength(1);
    expect(ac.body.data.records[0].username).toBe('alice');
    const byUser = await call(t.app, 'GET', '/api/get-submission-list?username=alice&status=-1');
    expect(byUser.body.data.total).toBe(1);
    const exact = await call(t.app, 'GET', '/api/get-submission-list?problemID=p1001&completeProblemID=true');
    expect(exact.body.data.total).toBe(3);
    const partial = await call(t.app, 'GET', '/api/get-submission-list?problemID=100');
    expect(partial.body.data.total).toBe(3);
    const none = await call(t.app, 'GET', '/api/get-submission-list?problemID=nope');
    expect(none.body.data).toMatchObject({ records: [], total: 0 });
  });

  it('asks to log in for onlyMine and rejects a bad status', async () => {
    const r = await call(t.app, 'GET', '/api/get-submission-list?onlyMine=true');
    expect(r.code).toBe(401);
    const bad = await call(t.app, 'GET', '/api/get-submission-list?status=abc');
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/status/);
  });
});

describe('share and resubmit', () => {
  it('lets the owner share a submission so others can read its code', async () => {
    const list = await call(t.app, 'GET', '/api/get-submission-list?username=alice&status=0');
    const id = list.body.data.records[0].submitId;
    const before = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${id}`, { token: bob });
    expect(before.body.data.submission.code).toBeNull();
    const notOwner = await call(t.app, 'PUT', '/api/submission', {
      token: bob,
      payload: { submitId: id, share: true },
    });
    expect(notOwner.code).toBe(403);
    const shared = await call(t.app, 'PUT', '/api/submission', {
      token: alice,
      payload: { submitId: id, share: true },
    });
    expect(shared.code).toBe(200);
    const after = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${id}`, { token: bob });
    expect(after.body.data.submission.code).toBe('int main(){}');
  });

  it('resubmits only failed submissions', async () => {
    const list = await call(t.app, 'GET', '/api/get-submission-list?username=alice&status=0');
    const id = list.body.data.records[0].submitId;
    const r = await call(t.app, 'GET', `/api/resubmit?submitId=${id}`, { token: alice });
    expect(r.code).toBe(400);
  });
});

describe('GET /api/get-rank-list', () => {
  it('ranks ACM by solved count then fewer submissions, counting practice only', async () => {
    const r = await call(t.app, 'GET', '/api/get-rank-list?type=ACM&currentPage=1&limit=30');
    expect(r.code).toBe(200);
    const rows = r.body.data.records.map((x: { username: string; ac: number; total: number }) => [
      x.username,
      x.ac,
      x.total,
    ]);
    expect(rows).toEqual([
      ['root', 1, 1],
      ['alice', 1, 2],
      ['bob', 0, 1],
    ]);
  });

  it('searches by username and answers OI by score', async () => {
    const r = await call(t.app, 'GET', '/api/get-rank-list?type=ACM&searchUser=ali');
    expect(r.body.data.records.map((x: { username: string }) => x.username)).toEqual(['alice']);
    const oi = await call(t.app, 'GET', '/api/get-rank-list?type=OI');
    expect(oi.code).toBe(200);
    expect(oi.body.data.total).toBe(3);
    const bad = await call(t.app, 'GET', '/api/get-rank-list?type=XYZ');
    expect(bad.code).toBe(400);
  });
});
