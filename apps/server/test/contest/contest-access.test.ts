import { Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/lib/sql-rows.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import {
  addProblem,
  contestSubmit,
  createContest,
  fromNow,
  HOUR,
  newProblem,
  WINDOWS,
} from './contest-fixtures.js';

// Contest access and submit admission (doc 2 §4.2, §6; issue 9 §3): each access mode × role, each time window, the
// account limit, registration; on PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
type Who = 'creator' | 'root' | 'registered' | 'stranger';
const tok = {} as Record<Who | 'otherAdmin', string>;
let pid: number;

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'cx_creator', Role.PROBLEM_ADMIN)).token;
  tok.otherAdmin = (await makeUser(t.ctx, 'cx_admin', Role.ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'cx_root', Role.ROOT)).token;
  tok.registered = (await makeUser(t.ctx, 'cx_reg', Role.USER)).token;
  tok.stranger = (await makeUser(t.ctx, 'cx_stranger', Role.USER)).token;
  pid = await newProblem(t.app, tok.root, 'CX-A');
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });
const register = (cid: number, token: string, password = 'pw') =>
  call(t.app, { method: 'POST', url: '/api/register-contest', token, payload: { cid, password } });

/** A contest of `auth` with problem A and `registered` registered (private / protected). */
async function contestWith(auth: number, over: Record<string, unknown> = {}) {
  const cid = await createContest(t.app, tok.creator, { auth, pwd: auth ? 'pw' : undefined, ...over });
  await addProblem(t.app, tok.creator, cid, pid, 'A');
  if (auth) expect((await register(cid, tok.registered)).code).toBe(200);
  return cid;
}

/** Leases and judges every queued job (keeps users under the unfinished-submission cap). */
async function drain() {
  for (;;) {
    try {
      await judgeNext(t.app, t.ctx, 0);
    } catch {
      return;
    }
  }
}

describe('access mode × role (doc 2 §4.2)', () => {
  // view: the problem list; submit: a submission to problem A while running.
  const table: [string, number, Record<Who, [number, number]>][] = [
    ['public', 0, { creator: [200, 200], root: [200, 200], registered: [200, 200], stranger: [200, 200] }],
    ['private', 1, { creator: [200, 200], root: [200, 200], registered: [200, 200], stranger: [403, 403] }],
    ['protected', 2, { creator: [200, 200], root: [200, 200], registered: [200, 200], stranger: [200, 403] }],
  ];
  it.each(table)('%s contest: view and submit by role', async (_name, auth, expected) => {
    const cid = await contestWith(auth);
    for (const who of Object.keys(expected) as Who[]) {
      const view = await get(`/api/get-contest-problem?cid=${cid}`, tok[who]);
      const submit = await contestSubmit(t.app, tok[who], cid, 'A');
      expect([who, view.code, submit.code]).toEqual([who, ...expected[who]]);
    }
    await drain();
  });

  it('answers 401 to anonymous callers everywhere inside a contest, while the list stays public', async () => {
    const cid = await contestWith(0);
    expect((await get('/api/get-contest-list')).code).toBe(200);
    for (const url of [
      `/api/get-contest-info?cid=${cid}`,
      `/api/get-contest-access?cid=${cid}`,
      `/api/get-contest-problem?cid=${cid}`,
      `/api/get-contest-problem-details?cid=${cid}&displayId=A`,
      `/api/contest-submissions?cid=${cid}`,
    ]) {
      expect([url, (await get(url)).code]).toEqual([url, 401]);
    }
    expect((await contestSubmit(t.app, undefined, cid, 'A')).code).toBe(401);
  });

  it('reports access, admin and registration to the contest shell', async () => {
    const cid = await contestWith(1);
    expect((await get(`/api/get-contest-access?cid=${cid}`, tok.stranger)).body.data).toEqual({
      access: false,
      isAdmin: false,
      registered: false,
    });
    expect((await get(`/api/get-contest-access?cid=${cid}`, tok.registered)).body.data).toMatchObject({
      access: true,
      registered: true,
    });
    expect((await get(`/api/get-contest-access?cid=${cid}`, tok.creator)).body.data.isAdmin).toBe(true);
    expect((await get(`/api/get-contest-access?cid=${cid}`, tok.otherAdmin)).body.data.isAdmin).toBe(false);
  });
});

describe('registration', () => {
  it('needs the right password, once, and only for non-public contests', async () => {
    const cid = await contestWith(2);
    expect((await register(cid, tok.stranger, 'nope')).body.msg).toBe('Wrong contest password');
    expect((await register(cid, tok.stranger)).code).toBe(200);
    expect((await register(cid, tok.stranger)).code).toBe(400);
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.stranger)).body.data.count).toBe(2);
    const open = await contestWith(0);
    expect((await register(open, tok.stranger)).code).toBe(400);
  });

  it('lets only accounts of the account rule register and submit', async () => {
    const rule = '<prefix>cx_</prefix><suffix></suffix><start>1</start><end>9</end><extra>cx_reg</extra>';
    const cid = await contestWith(0, { openAccountLimit: true, accountLimitRule: rule });
    const s = await contestSubmit(t.app, tok.stranger, cid, 'A');
    expect(s.code).toBe(403);
    expect((await contestSubmit(t.app, tok.registered, cid, 'A')).code).toBe(200);
    const priv = await contestWith(2, { openAccountLimit: true, accountLimitRule: rule });
    expect((await register(priv, tok.stranger)).code).toBe(403);
    await drain();
  });
});

describe('time windows (doc 2 §6)', () => {
  it('before the start: only contest admins see the problems or submit', async () => {
    const cid = await contestWith(0, WINDOWS.scheduled);
    expect((await get(`/api/get-contest-info?cid=${cid}`, tok.stranger)).body.data.status).toBe(-1);
    const view = await get(`/api/get-contest-problem?cid=${cid}`, tok.stranger);
    expect([view.code, view.body.msg]).toEqual([403, 'The contest has not started yet']);
    expect((await contestSubmit(t.app, tok.stranger, cid, 'A')).code).toBe(403);
    expect((await get(`/api/get-contest-problem?cid=${cid}`, tok.creator)).code).toBe(200);
    expect((await contestSubmit(t.app, tok.creator, cid, 'A')).code).toBe(200);
    await drain();
  });

  it('after the end: submitting is refused unless allowEndSubmit, and then it is after-contest', async () => {
    const closed = await contestWith(0, WINDOWS.ended);
    const refused = await contestSubmit(t.app, tok.stranger, closed, 'A');
    expect([refused.code, refused.body.msg]).toEqual([403, 'Contest has ended']);
    expect((await contestSubmit(t.app, tok.root, closed, 'A')).code).toBe(403);

    const open = await contestWith(0, { ...WINDOWS.ended, allowEndSubmit: true });
    const late = await contestSubmit(t.app, tok.stranger, open, 'A');
    expect(late.code).toBe(200);
    await drain();
    const list = (containsEnd: boolean) =>
      get(`/api/contest-submissions?cid=${open}&containsEnd=${containsEnd}`, tok.stranger);
    expect((await list(false)).body.data.total).toBe(0);
    expect((await list(true)).body.data.records.map((r: { submitId: number }) => r.submitId)).toEqual([
      late.body.data.submitId,
    ]);
  });

  it('while running: files the submission under the display id, with contest priority, never shareable', async () => {
    const cid = await contestWith(0);
    const byNumericPid = await contestSubmit(t.app, tok.stranger, cid, pid);
    expect(byNumericPid.body.data).toMatchObject({ cid, displayPid: 'A' });
    const [job] = rowsOf<{ priority: number }>(
      await t.ctx.db.execute(
        sql`SELECT priority FROM judge_jobs WHERE submit_id = ${byNumericPid.body.data.submitId}`,
      ),
    );
    expect(job.priority).toBeGreaterThan(0);
    expect((await contestSubmit(t.app, tok.stranger, cid, 'Z')).code).toBe(404);
    const other = await newProblem(t.app, tok.root, 'CX-NOT-IN');
    expect((await contestSubmit(t.app, tok.stranger, cid, other)).code).toBe(404);
    await drain();
    const share = await call(t.app, {
      method: 'PUT',
      url: '/api/submission',
      token: tok.stranger,
      payload: { submitId: byNumericPid.body.data.submitId, share: true },
    });
    expect([share.code, share.body.msg]).toEqual([400, 'Contest submissions cannot be shared']);
  });
});

describe('lists', () => {
  it('filters the public list by status, type and keyword, and shows recent contests on home', async () => {
    const title = `Filter ${Date.now()}`;
    const ids = {
      scheduled: await createContest(t.app, tok.creator, { title, ...WINDOWS.scheduled }),
      running: await createContest(t.app, tok.creator, { title, type: 1, ...WINDOWS.running }),
      ended: await createContest(t.app, tok.creator, { title, ...WINDOWS.ended }),
    };
    const list = async (q: string) =>
      (
        (await get(`/api/get-contest-list?keyword=${encodeURIComponent(title)}${q}`)).body.data.records as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await list('')).toEqual([ids.scheduled, ids.running, ids.ended]);
    expect(await list('&status=-1')).toEqual([ids.scheduled]);
    expect(await list('&status=0')).toEqual([ids.running]);
    expect(await list('&status=1')).toEqual([ids.ended]);
    expect(await list('&type=1')).toEqual([ids.running]);
    expect((await get('/api/get-contest-list?status=7')).code).toBe(400);
    // Home shows at most 10: the contests of the earlier tests are hidden first.
    await t.ctx.db.execute(sql`UPDATE contests SET visible = false WHERE title <> ${title}`);
    const recent = ((await get('/api/get-recent-contest')).body.data as { id: number }[]).map((r) => r.id);
    expect(recent).toContain(ids.scheduled);
    expect(recent).toContain(ids.running);
    expect(recent).not.toContain(ids.ended);
    const far = await createContest(t.app, tok.creator, {
      startTime: fromNow(30 * 24 * HOUR),
      endTime: fromNow(31 * 24 * HOUR),
    });
    expect(
      ((await get('/api/get-recent-contest')).body.data as { id: number }[]).map((r) => r.id),
    ).not.toContain(far);
  });
});
