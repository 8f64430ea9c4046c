import { Role, JudgeStatus as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';

// Trainings (issue 11): access by auth × role, password registration, progress counting problems solved before
// the training, rank order and ties, rejudge moving progress, display-id uniqueness.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
const pids: number[] = [];
let category = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  await registerJudgehost(t.app, t.ctx, 'jh');
  for (const name of ['ann', 'bob', 'cat']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.coach = await makeUser(t.ctx, 'coach', Role.PROBLEM_ADMIN);
  u.adm = await makeUser(t.ctx, 'adm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  for (const id of ['TR-1', 'TR-2', 'TR-3']) pids.push((await aPlusB(t.ctx, id)).id);
  const c = await call(t.app, 'POST', '/api/admin/training/category', {
    token: u.coach.token,
    payload: { name: 'Basics', color: '#ff0000' },
  });
  category = c.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => call(t.app, 'GET', url, { token });

async function makeTraining(auth: 'Public' | 'Private', problems: number[], token = u.coach.token) {
  const r = await call(t.app, 'POST', '/api/admin/training', {
    token,
    payload: {
      training: { title: `T ${auth}`, description: 'Work through these', auth, privatePwd: 'pw' },
      trainingCategory: { id: category },
    },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  const tid = r.body.data.tid as number;
  for (const [i, pid] of problems.entries()) {
    const a = await call(t.app, 'POST', '/api/admin/training/add-problem-from-public', {
      token,
      payload: { tid, pid, displayId: String.fromCharCode(65 + i) },
    });
    expect(a.code, JSON.stringify(a.body)).toBe(200);
  }
  return tid;
}

/** Submits as `who` (in the training when `tid`) and judges it at once with `status`. */
async function solve(who: string, pid: string, status: number, tid?: number) {
  const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
    token: u[who].token,
    payload: { pid, language: 'C++', code: 'int main(){}', cid: 0, ...(tid ? { tid } : {}) },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  await judgeNext(t.app, t.ctx, status);
  return r.body.data.submitId as number;
}

const rank = async (tid: number, token = u.boss.token) =>
  (await get(`/api/get-training-rank?tid=${tid}`, token)).body.data;

describe('training access', () => {
  it('lets anyone list, needs login for the rest, and the password once for a private training', async () => {
    const pub = await makeTraining('Public', [pids[0]]);
    const priv = await makeTraining('Private', [pids[0]]);
    expect((await get('/api/get-training-list')).code).toBe(200);
    const list = (await get('/api/get-training-list')).body.data;
    expect(list.records.every((r: { acCount: number | null }) => r.acCount === null)).toBe(true);
    for (const path of ['detail', 'access', 'problem-list', 'rank']) {
      expect((await get(`/api/get-training-${path}?tid=${pub}`)).code).toBe(401);
    }
    expect((await get(`/api/get-training-problem-list?tid=${pub}`, u.ann.token)).code).toBe(200);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.ann.token)).code).toBe(403);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.adm.token)).code).toBe(403);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.coach.token)).code).toBe(200);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.boss.token)).code).toBe(200);
    const detail = (await get(`/api/get-training-detail?tid=${priv}`, u.ann.token)).body.data;
    expect(detail).toMatchObject({
      auth: 'Private',
      problemCount: 1,
      categoryName: 'Basics',
      description: '',
    });
    const submit = (payload: object) =>
      call(t.app, 'POST', '/api/submit-problem-judge', {
        token: u.ann.token,
        payload: { pid: 'A', language: 'C++', code: 'int main(){}', cid: 0, ...payload },
      });
    expect((await submit({ tid: priv })).code).toBe(403);
    const reg = (password: string, token = u.ann.token) =>
      call(t.app, 'POST', '/api/register-training', { token, payload: { tid: priv, password } });
    expect((await reg('nope')).code).toBe(400);
    expect((await reg('pw')).code).toBe(200);
    expect((await reg('pw')).code).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/register-training', {
          token: u.ann.token,
          payload: { tid: pub, password: '' },
        })
      ).code,
    ).toBe(400);
    expect((await get(`/api/get-training-access?tid=${priv}`, u.ann.token)).body.data).toEqual({
      access: true,
      isAdmin: false,
      registered: true,
    });
    // The password changes: the registration stays unless the author drops them.
    const edit = (drop: boolean, pwd: string) =>
      call(t.app, 'PUT', '/api/admin/training', {
        token: u.coach.token,
        payload: {
          training: { id: priv, title: 'T', description: 'D', auth: 'Private', privatePwd: pwd },
          trainingCategory: { id: category },
          dropRegistrations: drop,
        },
      });
    expect((await edit(false, 'pw2')).code).toBe(200);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.ann.token)).code).toBe(200);
    expect((await edit(true, 'pw3')).code).toBe(200);
    expect((await get(`/api/get-training-problem-list?tid=${priv}`, u.ann.token)).code).toBe(403);
    // Hidden: 404 but to its admins.
    await call(t.app, 'PUT', `/api/admin/training/change-training-status?tid=${pub}&status=false`, {
      token: u.coach.token,
    });
    expect((await get(`/api/get-training-detail?tid=${pub}`, u.ann.token)).code).toBe(404);
    expect((await get(`/api/get-training-detail?tid=${pub}`, u.coach.token)).code).toBe(200);
  });

  it('lets only the author or a super admin manage, and only a super admin delete', async () => {
    const tid = await makeTraining('Public', []);
    expect((await get(`/api/admin/training?tid=${tid}`, u.adm.token)).code).toBe(403);
    expect((await get(`/api/admin/training?tid=${tid}`, u.boss.token)).code).toBe(200);
    const del = (token: string) =>
      call(t.app, 'DELETE' as 'GET', `/api/admin/training?tid=${tid}`, { token });
    expect((await del(u.coach.token)).code).toBe(403);
    expect((await del(u.boss.token)).code).toBe(200);
    expect((await get(`/api/admin/training?tid=${tid}`, u.boss.token)).code).toBe(404);
  });

  it('keeps display ids unique in a training and takes public problems only', async () => {
    const tid = await makeTraining('Public', [pids[0]]);
    const add = (pid: number, displayId: string) =>
      call(t.app, 'POST', '/api/admin/training/add-problem-from-public', {
        token: u.coach.token,
        payload: { tid, pid, displayId },
      });
    const dup = await add(pids[1], 'a');
    expect(dup.code).toBe(400);
    expect(dup.body.msg).toContain('displayId');
    expect((await add(pids[0], 'B')).code).toBe(400);
    expect((await add(999_999, 'B')).code).toBe(404);
    expect((await add(pids[1], 'B')).code).toBe(200);
    const data = (
      await get(`/api/admin/training/get-problem-list?tid=${tid}&queryExisted=true`, u.coach.token)
    ).body.data;
    // The link to edit is the training-problem map's entry for the row's problem (doc 3 §7).
    const row = data.problemList.records.find((r: { displayId: string }) => r.displayId === 'B');
    const b = data.trainingProblemMap[row.id];
    const put = (displayId: string) =>
      call(t.app, 'PUT', '/api/admin/training/problem', {
        token: u.coach.token,
        payload: { id: b.id, displayId },
      });
    expect((await put('A')).code).toBe(400);
    expect((await put('C')).code).toBe(200);
    const bad = await call(t.app, 'PUT', '/api/admin/training/problem', {
      token: u.coach.token,
      payload: { id: b.id, rank: -1 },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('rank');
  });
});

describe('training progress and rank', () => {
  it('counts problems solved before the training, orders by AC then run time, and follows rejudges', async () => {
    // ann solved TR-1 in practice before the training existed.
    await solve('ann', 'TR-1', S.ACCEPTED);
    const tid = await makeTraining('Public', pids);
    let list = (await get('/api/get-training-list?limit=100', u.ann.token)).body.data.records;
    expect(list.find((r: { id: number }) => r.id === tid)).toMatchObject({ acCount: 1, problemCount: 3 });
    // In the training: bob solves A, then fails B; cat solves A.
    await solve('bob', 'A', S.ACCEPTED, tid);
    await solve('bob', 'B', S.WRONG_ANSWER, tid);
    const catAc = await solve('cat', 'A', S.ACCEPTED, tid);
    const r = await rank(tid);
    expect(
      r.records.map((x: { username: string; rank: number; ac: number }) => [x.username, x.rank, x.ac]),
    ).toEqual([
      ['ann', 1, 1],
      ['bob', 1, 1],
      ['cat', 1, 1],
    ]);
    expect(r.records[1].submissionInfo).toEqual({
      A: { status: S.ACCEPTED, runTime: 5, pid: pids[0] },
      B: { status: S.WRONG_ANSWER, runTime: 5, pid: pids[1] },
    });
    // The training submission counts as practice too: the problem's counters and the user's solved list.
    const home = (await get('/api/get-user-home-info?username=bob', u.bob.token)).body.data;
    expect(home.solvedList).toContain('TR-1');
    const plist = (await get(`/api/get-training-problem-list?tid=${tid}`, u.bob.token)).body.data;
    expect(plist.map((p: { displayId: string; myStatus: number }) => [p.displayId, p.myStatus])).toEqual([
      ['A', S.ACCEPTED],
      ['B', S.WRONG_ANSWER],
      ['C', S.NOT_SUBMITTED],
    ]);
    expect(plist[0]).toMatchObject({ ac: 3, total: 3 });
    // bob solves B: two AC, first alone.
    await solve('bob', 'B', S.ACCEPTED, tid);
    expect((await rank(tid)).records.map((x: { username: string }) => x.username)[0]).toBe('bob');
    list = (await get('/api/get-training-list?limit=100', u.bob.token)).body.data.records;
    expect(list.find((x: { id: number }) => x.id === tid).acCount).toBe(2);
    // A rejudge turns cat's AC into WA: cat drops to 0.
    const rj = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${catAc}`, {
      token: u.boss.token,
    });
    expect(rj.code, JSON.stringify(rj.body)).toBe(200);
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    const after = (await rank(tid)).records;
    expect(
      after.map((x: { username: string; rank: number; ac: number }) => [x.username, x.rank, x.ac]),
    ).toEqual([
      ['bob', 1, 2],
      ['ann', 2, 1],
      ['cat', 3, 0],
    ]);
    // Removing a problem removes its cells.
    await call(t.app, 'DELETE' as 'GET', `/api/admin/training/problem?tid=${tid}&pid=${pids[1]}`, {
      token: u.coach.token,
    });
    const removed = (await rank(tid)).records;
    expect(removed.find((x: { username: string }) => x.username === 'bob')).toMatchObject({ ac: 1 });
    expect(removed.find((x: { username: string }) => x.username === 'bob').submissionInfo.B).toBeUndefined();
  });

  it('ranks only registered users of a private training and lists a user home their trainings', async () => {
    const tid = await makeTraining('Private', [pids[2]]);
    await solve('ann', 'TR-3', S.ACCEPTED);
    expect((await rank(tid)).records).toEqual([]);
    await call(t.app, 'POST', '/api/register-training', {
      token: u.cat.token,
      payload: { tid, password: 'pw' },
    });
    expect(
      (await rank(tid)).records.map((x: { username: string; ac: number }) => [x.username, x.ac]),
    ).toEqual([['cat', 0]]);
    const home = (await get(`/api/get-training-list?uid=${u.cat.uid}&limit=100`)).body.data.records;
    expect(home.find((x: { id: number }) => x.id === tid)).toMatchObject({ acCount: 0 });
  });

  it('answers 400 naming the field for bad input', async () => {
    const r = await get('/api/get-training-rank?tid=abc', u.ann.token);
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('tid');
    const c = await call(t.app, 'POST', '/api/admin/training', {
      token: u.coach.token,
      payload: {
        training: { title: 'x', description: 'y', auth: 'Private' },
        trainingCategory: { id: category },
      },
    });
    expect(c.code).toBe(400);
    expect(c.body.msg).toContain('privatePwd');
    const rk = await call(t.app, 'POST', '/api/admin/training', {
      token: u.coach.token,
      payload: {
        training: { title: 'x', description: 'y', auth: 'Public', rank: 2147483648 },
        trainingCategory: { id: category },
      },
    });
    expect(rk.code).toBe(400);
    expect(rk.body.msg).toContain('rank');
  });
});
