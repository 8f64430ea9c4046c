import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser, problemBody } from '../problem/fixtures.js';
import {
  addProblem,
  contestPayload,
  createContest,
  fromNow,
  HOUR,
  newProblem as makeProblem,
  OI_SAMPLES,
} from './contest-fixtures.js';

// The contest back office (issue 9 §3; doc 3 contest admin §3-§6), on PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'user' | 'pa' | 'pa2' | 'root', string>;
let acmPid: number;
let oiPid: number;
let privatePid: number;

const newProblem = (id: string, over: Record<string, unknown> = {}) => makeProblem(t.app, tok.root, id, over);

beforeAll(async () => {
  t = await createTestApp();
  tok.user = (await makeUser(t.ctx, 'ca_user', Role.USER)).token;
  tok.pa = (await makeUser(t.ctx, 'ca_pa', Role.PROBLEM_ADMIN)).token;
  tok.pa2 = (await makeUser(t.ctx, 'ca_pa2', Role.PROBLEM_ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'ca_root', Role.ROOT)).token;
  acmPid = await newProblem('CA-ACM');
  oiPid = await newProblem('CA-OI', { type: 1 });
  privatePid = await newProblem('CA-PRIV', { auth: 2 });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });

describe('creating and reading a contest', () => {
  it('lets a problem admin create a contest whose start has passed; the server computes status and duration', async () => {
    const cid = await createContest(t.app, tok.pa, { startTime: fromNow(-HOUR), endTime: fromNow(HOUR) });
    const r = await get(`/api/admin/contest?cid=${cid}`, tok.pa);
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ id: cid, status: 0, author: 'ca_pa', visible: true, type: 0 });
    expect(r.body.data.duration).toBeGreaterThan(2 * HOUR - 5000);
    expect(r.body.data.duration).toBeLessThan(2 * HOUR + 5000);
  });

  it('refuses plain users (403) and anonymous callers (401)', async () => {
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/contest',
          token: tok.user,
          payload: contestPayload(),
        })
      ).code,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/contest', payload: contestPayload() })).code,
    ).toBe(401);
  });

  it.each([
    [{ title: '' }, /^title/],
    [{ startTime: '2026-01-01 10:00' }, /^startTime/],
    [{ startTime: fromNow(HOUR), endTime: fromNow(0) }, /^endTime: Contets_Time_Check/],
    [{ auth: 1 }, /^pwd: Contest Password is required/],
    [{ sealRank: true }, /^sealRankTime/],
    [{ starAccount: ['amy', 'amy'] }, /^starAccount: Add_Star_User_Error/],
    [{ type: 5 }, /^type/],
    [
      {
        awardType: 1,
        awardConfigList: [
          { priority: 1, name: 'Gold', num: 80 },
          { priority: 2, name: 'Silver', num: 30 },
        ],
      },
      /^awardConfigList/,
    ],
  ])('answers 400 naming the field for %j', async (over, msg) => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/admin/contest',
      token: tok.pa,
      payload: contestPayload(over),
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toMatch(msg);
  });
});

describe('who may manage a contest (doc 3 §6)', () => {
  it('gives the creator and super admins every action, other admins none', async () => {
    const cid = await createContest(t.app, tok.pa);
    for (const [token, code] of [
      [tok.pa2, 403],
      [tok.pa, 200],
      [tok.root, 200],
    ] as const) {
      expect((await get(`/api/admin/contest?cid=${cid}`, token)).code).toBe(code);
      const edit = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/contest',
        token,
        payload: contestPayload({ id: cid, title: 'Renamed' }),
      });
      expect(edit.code).toBe(code);
      const vis = await call(t.app, {
        method: 'PUT',
        url: `/api/admin/contest/change-contest-visible?cid=${cid}&visible=true`,
        token,
      });
      expect(vis.code).toBe(code);
    }
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/admin/contest?cid=${cid}`, token: tok.pa2 })).code,
    ).toBe(403);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/admin/contest?cid=${cid}`, token: tok.pa })).code,
    ).toBe(200);
    expect((await get(`/api/admin/contest?cid=${cid}`, tok.root)).code).toBe(404);
  });

  it('lists every contest for a super admin and only their own for other admins', async () => {
    const mine = await createContest(t.app, tok.pa2, { title: 'Owned by pa2' });
    const list = async (token: string) =>
      (
        (await get('/api/admin/contest/get-contest-list?limit=100', token)).body.data.records as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await list(tok.pa2)).toContain(mine);
    expect(await list(tok.root)).toContain(mine);
    expect(await list(tok.pa)).not.toContain(mine);
  });
});

describe('editing a contest', () => {
  it('keeps the rule type fixed', async () => {
    const cid = await createContest(t.app, tok.pa);
    const r = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/contest',
      token: tok.pa,
      payload: contestPayload({ id: cid, type: 1 }),
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toMatch(/^type/);
  });

  it('drops registrations when the password of a non-public contest changes, keeps them otherwise', async () => {
    const cid = await createContest(t.app, tok.pa, { auth: 1, pwd: 'first' });
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/register-contest',
      token: tok.user,
      payload: { cid, password: 'first' },
    });
    expect(reg.code).toBe(200);
    const access = async () => (await get(`/api/get-contest-access?cid=${cid}`, tok.user)).body.data.access;
    expect(await access()).toBe(true);
    const put = (pwd: string, title = 'Same pwd') =>
      call(t.app, {
        method: 'PUT',
        url: '/api/admin/contest',
        token: tok.pa,
        payload: contestPayload({ id: cid, auth: 1, pwd, title }),
      });
    expect((await put('first')).code).toBe(200);
    expect(await access()).toBe(true);
    expect((await put('second')).code).toBe(200);
    expect(await access()).toBe(false);
  });

  it('hides a contest from the public list with the visible switch', async () => {
    const cid = await createContest(t.app, tok.pa, { title: 'Soon hidden' });
    const listed = async () =>
      ((await get('/api/get-contest-list?keyword=Soon%20hidden')).body.data.records as { id: number }[]).some(
        (r) => r.id === cid,
      );
    expect(await listed()).toBe(true);
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/contest/change-contest-visible?cid=${cid}&visible=false`,
      token: tok.pa,
    });
    expect(await listed()).toBe(false);
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.user)).code).toBe(404);
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.pa)).code).toBe(200);
  });
});

describe('contest problems', () => {
  it('adds public problems of the contest rule only, each once, under a free display id', async () => {
    const cid = await createContest(t.app, tok.pa);
    const add = (pid: number, displayId: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/admin/contest/add-problem-from-public',
        token: tok.pa,
        payload: { cid, pid, displayId },
      });
    expect((await add(acmPid, 'A')).code).toBe(200);
    const oi = await add(oiPid, 'B');
    expect([oi.code, oi.body.msg]).toEqual([400, 'An ACM contest takes only ACM or remote problems']);
    expect((await add(privatePid, 'B')).code).toBe(400);
    expect((await add(acmPid, 'B')).code).toBe(400);
    const sameId = await add(await newProblem('CA-ACM2'), 'a');
    expect([sameId.code, sameId.body.msg]).toEqual([400, 'displayId: a is already used in this contest']);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/contest/add-problem-from-public',
          token: tok.pa2,
          payload: { cid, pid: acmPid, displayId: 'Z' },
        })
      ).code,
    ).toBe(403);
  });

  it('lists the contest problems with their map, and the problems that can still be added', async () => {
    const cid = await createContest(t.app, tok.pa, { type: 1 });
    await addProblem(t.app, tok.pa, cid, oiPid, 'A');
    const own = await get(`/api/admin/contest/get-problem-list?cid=${cid}`, tok.pa);
    expect(own.body.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([oiPid]);
    expect(own.body.data.contestProblemMap[oiPid]).toMatchObject({
      displayId: 'A',
      displayTitle: 'Title of CA-OI',
    });
    const addable = await get(
      `/api/admin/contest/get-problem-list?cid=${cid}&problemType=1&limit=100`,
      tok.pa,
    );
    const ids = addable.body.data.problemList.records.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(oiPid);
    expect(ids).not.toContain(acmPid);
    expect(ids).not.toContain(privatePid);
  });

  it('edits display id, title and colour, and removes a problem from the contest only', async () => {
    const cid = await createContest(t.app, tok.pa);
    await addProblem(t.app, tok.pa, cid, acmPid, 'A');
    const cp = (await get(`/api/admin/contest/contest-problem?cid=${cid}&pid=${acmPid}`, tok.pa)).body.data;
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/contest/contest-problem',
      token: tok.pa,
      payload: { id: cp.id, displayId: 'C', displayTitle: 'Sums', color: '#ff0000' },
    });
    expect(put.code).toBe(200);
    expect(
      (await get(`/api/admin/contest/contest-problem?cid=${cid}&pid=${acmPid}`, tok.pa)).body.data,
    ).toMatchObject({
      displayId: 'C',
      displayTitle: 'Sums',
      color: '#ff0000',
    });
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `/api/admin/contest/problem?cid=${cid}&pid=${acmPid}`,
          token: tok.pa,
        })
      ).code,
    ).toBe(200);
    expect((await get(`/api/admin/contest/contest-problem?cid=${cid}&pid=${acmPid}`, tok.pa)).code).toBe(404);
    expect((await get(`/api/admin/problem?pid=${acmPid}`, tok.root)).code).toBe(200);
  });

  it('creates a contest-only problem that the public problem list does not show', async () => {
    const cid = await createContest(t.app, tok.pa);
    const body = {
      ...problemBody('CA-ONLY', { auth: undefined }),
      cid,
      displayId: 'A',
      displayTitle: 'Only here',
    };
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/admin/contest/problem',
      token: tok.pa,
      payload: body,
    });
    expect(r.code).toBe(200);
    const pid = r.body.data.pid as number;
    expect((await get(`/api/admin/contest/problem?cid=${cid}&pid=${pid}`, tok.pa)).body.data).toMatchObject({
      auth: 3,
      problemId: 'CA-ONLY',
    });
    expect((await get('/api/get-problem-detail?problemId=CA-ONLY', tok.user)).code).toBe(403);
    const oi = { ...problemBody('CA-ONLY-OI', { type: 1 }, OI_SAMPLES), cid, displayId: 'B' };
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/contest/problem', token: tok.pa, payload: oi }))
        .code,
    ).toBe(400);
    const edit = { ...problemBody('CA-ONLY', { id: pid, title: 'Renamed', auth: 3 }), cid };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/admin/contest/problem', token: tok.pa, payload: edit }))
        .code,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/admin/contest/problem', token: tok.pa2, payload: edit }))
        .code,
    ).toBe(403);
  });
});
