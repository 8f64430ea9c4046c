import { JudgeStatus, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../src/db/schema/index.js';
import { makeUser, PASSWORD, tokensByRole } from '../account/fixtures.js';
import { makeProblem, makeSubmission } from '../account/judged.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from '../helpers.js';

let t: TestApp;
let tokens: Record<string, string>;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app, t.ctx);
  root = tokens[Role.ROOT]!;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
const DAY = 24 * 3600 * 1000;

describe('announcements', () => {
  it('admin routes: 401 anonymous, 403 below super admin', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/announcement'],
      ['POST', '/api/admin/announcement', { title: 't', content: 'c' }],
      ['PUT', '/api/admin/announcement', { id: 1, title: 't', content: 'c', status: 0 }],
      ['DELETE', '/api/admin/announcement?aid=1'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      for (const role of [Role.USER, Role.NO_SUBMIT, Role.PROBLEM_ADMIN, Role.ADMIN]) {
        expect((await call(method, url, tokens[role], body)).statusCode, `${url} ${role}`).toBe(403);
      }
    }
  });

  it('create, list newest first with the author, hide, edit, delete', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await call('POST', '/api/admin/announcement', root, {
        title: `News ${i}`,
        content: `**body ${i}**`,
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().data.id);
    }
    const page1 = await call('GET', '/api/get-common-announcement');
    expect(page1.statusCode).toBe(200);
    const d = page1.json().data;
    expect(d.total).toBe(7);
    expect(d.size).toBe(5);
    expect(d.records.map((r: { title: string }) => r.title)).toEqual([
      'News 7',
      'News 6',
      'News 5',
      'News 4',
      'News 3',
    ]);
    expect(d.records[0]).toMatchObject({ username: 'root', content: '**body 7**' });
    expect(Number.isNaN(Date.parse(d.records[0].gmtCreate))).toBe(false);
    const page2 = await call('GET', '/api/get-common-announcement?currentPage=2&limit=5');
    expect(page2.json().data.records.map((r: { title: string }) => r.title)).toEqual(['News 2', 'News 1']);

    const hide = await call('PUT', '/api/admin/announcement', root, {
      id: ids[6],
      title: 'News 7 (edited)',
      content: 'changed',
      status: 1,
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toMatchObject({ title: 'News 7 (edited)', status: 1, username: 'root' });
    const pub = (await call('GET', '/api/get-common-announcement?limit=10')).json().data;
    expect(pub.total).toBe(6);
    expect(pub.records.some((r: { id: number }) => r.id === ids[6])).toBe(false);
    const admin = (await call('GET', '/api/admin/announcement?currentPage=1&limit=10', root)).json().data;
    expect(admin.total).toBe(7);
    expect(admin.records[0]).toMatchObject({ id: ids[6], status: 1 });

    expect((await call('DELETE', `/api/admin/announcement?aid=${ids[0]}`, root)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/announcement?aid=${ids[0]}`, root)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/announcement', root)).json().data.total).toBe(6);
  });

  it('contest and group announcements stay out of the site list', async () => {
    const before = (await call('GET', '/api/get-common-announcement')).json().data.total;
    await t.ctx.db.insert(announcements).values([
      { title: 'contest', content: 'c', cid: 5 },
      { title: 'group', content: 'g', gid: 3 },
    ]);
    expect((await call('GET', '/api/get-common-announcement')).json().data.total).toBe(before);
  });

  it('refuses bad payloads with 400 naming the field', async () => {
    const noTitle = await call('POST', '/api/admin/announcement', root, { content: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('title');
    const blank = await call('POST', '/api/admin/announcement', root, { title: '  ', content: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toContain('title');
    const noContent = await call('POST', '/api/admin/announcement', root, { title: 'x' });
    expect(noContent.json().msg).toContain('content');
    const badStatus = await call('PUT', '/api/admin/announcement', root, {
      id: 1,
      title: 't',
      content: 'c',
      status: 3,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().msg).toContain('status');
    const missing = await call('PUT', '/api/admin/announcement', root, {
      id: 999999,
      title: 't',
      content: 'c',
    });
    expect(missing.statusCode).toBe(404);
    const badAid = await call('DELETE', '/api/admin/announcement?aid=x', root);
    expect(badAid.statusCode).toBe(400);
    expect(badAid.json().msg).toContain('aid');
  });
});

describe('home', () => {
  it('recent seven-day AC rank counts distinct problems accepted in the last week', async () => {
    const a = await makeUser(t.ctx, { username: 'ann' });
    const b = await makeUser(t.ctx, { username: 'ben' });
    const p = await Promise.all(['H1', 'H2', 'H3'].map((id) => makeProblem(t.ctx, id)));
    const sub = (uid: string, username: string, i: number, status: number, at = new Date()) =>
      makeSubmission(t.ctx, { uid, username, pid: p[i]!, problemId: `H${i + 1}`, status, at });
    await sub(a, 'ann', 0, JudgeStatus.ACCEPTED);
    await sub(a, 'ann', 0, JudgeStatus.ACCEPTED);
    await sub(a, 'ann', 1, JudgeStatus.WRONG_ANSWER);
    await sub(a, 'ann', 2, JudgeStatus.ACCEPTED, new Date(Date.now() - 8 * DAY));
    await sub(b, 'ben', 0, JudgeStatus.ACCEPTED);
    await sub(b, 'ben', 1, JudgeStatus.ACCEPTED);
    const res = await call('GET', '/api/get-recent-seven-ac-rank');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ uid: b, username: 'ben', ac: 2 }),
      expect.objectContaining({ uid: a, username: 'ann', ac: 1 }),
    ]);
    expect(res.json().data[0]).toHaveProperty('avatar');
    expect(res.json().data[0]).toHaveProperty('titleName');
  });

  it('last-week statistics count submissions per UTC day and per verdict', async () => {
    const res = await call('GET', '/api/get-last-week-submission-statistics?forceRefresh=true');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const today = new Date().toISOString().slice(0, 10);
    expect(d.dateStrList).toHaveLength(7);
    expect(d.dateStrList[6]).toBe(today);
    // From the rank test: today 5 submissions (4 AC, 1 WA); 8 days ago is outside the window.
    expect(d.totalCountList).toEqual([0, 0, 0, 0, 0, 0, 5]);
    expect(d.acCountList).toEqual([0, 0, 0, 0, 0, 0, 4]);
    expect(d.statusCountList).toEqual([
      { status: JudgeStatus.WRONG_ANSWER, counts: [0, 0, 0, 0, 0, 0, 1] },
      { status: JudgeStatus.ACCEPTED, counts: [0, 0, 0, 0, 0, 0, 4] },
    ]);
  });

  it('recent contests are an empty list until contests exist; the carousel starts empty', async () => {
    expect((await call('GET', '/api/get-recent-contest')).json()).toMatchObject({ status: 200, data: [] });
    expect((await call('GET', '/api/home-carousel')).json().data).toEqual([]);
  });
});

describe('admin back office sign-in and dashboard', () => {
  it('admin login accepts admin roles and refuses others with 403', async () => {
    for (const [name, role] of [
      ['pa', Role.PROBLEM_ADMIN],
      ['ad', Role.ADMIN],
    ] as const) {
      await makeUser(t.ctx, { username: name, role });
      const res = await call('POST', '/api/admin/login', undefined, { username: name, password: PASSWORD });
      expect(res.statusCode, name).toBe(200);
      expect(typeof res.headers.authorization).toBe('string');
    }
    const rootRes = await call('POST', '/api/admin/login', undefined, {
      username: 'root',
      password: ROOT_PASSWORD,
    });
    expect(rootRes.json().data.roleList).toEqual(['root']);
    for (const name of ['user1002', 'nosubmit1003']) {
      const res = await call('POST', '/api/admin/login', undefined, { username: name, password: PASSWORD });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().msg).toBe('Please login first by admin account');
      expect(res.headers.authorization).toBeUndefined();
    }
    const bad = await call('POST', '/api/admin/login', undefined, {
      username: 'root',
      password: 'wrongpass',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Please check your username or password');
    const malformed = await call('POST', '/api/admin/login', undefined, { username: 'root' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('password');
  });

  it('admin login shares the per-username throttle', async () => {
    await makeUser(t.ctx, { username: 'locked', role: Role.ADMIN });
    for (let i = 0; i < 5; i++) {
      await call('POST', '/api/admin/login', undefined, { username: 'locked', password: 'wrongpass' });
    }
    const res = await call('POST', '/api/admin/login', undefined, { username: 'locked', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(
      (await call('POST', '/api/login', undefined, { username: 'locked', password: PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('dashboard info and sessions for admin roles only', async () => {
    for (const url of ['/api/admin/dashboard/get-dashboard-info', '/api/admin/dashboard/get-sessions']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, tokens[Role.USER])).statusCode).toBe(403);
      expect((await call('GET', url, tokens[Role.NO_SUBMIT])).statusCode).toBe(403);
      for (const role of [Role.PROBLEM_ADMIN, Role.ADMIN, Role.ROOT]) {
        expect((await call('GET', url, tokens[role])).statusCode, `${url} ${role}`).toBe(200);
      }
    }
    const info = (await call('GET', '/api/admin/dashboard/get-dashboard-info', root)).json().data;
    expect(info.userNum).toBeGreaterThanOrEqual(8);
    expect(info.problemNum).toBe(3);
    expect(info.todayJudgeNum).toBe(5);
    expect(info.contestNum).toBe(0);
    expect(info.recentLoginUsers.length).toBeGreaterThan(0);
    expect(info.recentLoginUsers[0]).toHaveProperty('recentLoginTime');
    const sessions = (await call('GET', '/api/admin/dashboard/get-sessions', root)).json().data;
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions[0]).toHaveProperty('ip');
  });

  it('admin logout revokes the token', async () => {
    const res = await call('POST', '/api/admin/login', undefined, { username: 'ad', password: PASSWORD });
    const token = String(res.headers.authorization);
    expect((await call('GET', '/api/admin/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', token)).statusCode).toBe(401);
  });
});
