import { ContestStatus, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/db/schema/index.js';
import { datasourceOf } from '../../src/modules/admin/deployment.routes.js';
import { makeUser, PASSWORD, tokensByRole } from '../account/fixtures.js';
import { createTestApp, login, type TestApp } from '../helpers.js';

// Issue 25 "spec screens still missing", server side: the dashboard's contests, push a notice now, revoke a
// user's sessions, change the mobile number, the read-only System Config sections. Real app, real database.

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
const HOUR = 3600_000;

describe('dashboard contests', () => {
  it('counts site contests and lists the open ones first, group contests left out', async () => {
    const now = Date.now();
    const row = (title: string, startOff: number, endOff: number, gid: number | null = null) => ({
      title,
      startTime: new Date(now + startOff),
      endTime: new Date(now + endOff),
      gid,
      isGroup: gid !== null,
    });
    await t.ctx.db
      .insert(contests)
      .values([
        row('Ended long ago', -50 * HOUR, -48 * HOUR),
        row('Ended yesterday', -26 * HOUR, -24 * HOUR),
        row('Running', -HOUR, HOUR),
        row('Tomorrow', 24 * HOUR, 26 * HOUR),
        row('Group one', -HOUR, HOUR, 7),
      ]);
    const res = await call('GET', '/api/admin/dashboard/get-dashboard-info', tokens[Role.ADMIN]);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.contestNum).toBe(4);
    expect(d.recentContest.map((c: { title: string }) => c.title)).toEqual([
      'Running',
      'Tomorrow',
      'Ended yesterday',
      'Ended long ago',
    ]);
    expect(d.recentContest.map((c: { status: number }) => c.status)).toEqual([
      ContestStatus.RUNNING,
      ContestStatus.SCHEDULED,
      ContestStatus.ENDED,
      ContestStatus.ENDED,
    ]);
  });
});

describe('push a notice now', () => {
  it('delivers at once, once; 403 below super admin, 404 unknown', async () => {
    const u = await makeUser(t.ctx, { username: 'pushee' });
    const created = await call('POST', '/api/admin/msg/notice', root, {
      title: 'Urgent',
      content: 'Server restarts at 10',
      type: 'Single',
      recipients: ['pushee'],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect((await call('POST', '/api/admin/msg/notice/push', undefined, { id })).statusCode).toBe(401);
    for (const role of [Role.USER, Role.ADMIN, Role.PROBLEM_ADMIN]) {
      expect((await call('POST', '/api/admin/msg/notice/push', tokens[role], { id })).statusCode).toBe(403);
    }
    const token = await login(t.app, 'pushee', PASSWORD);
    expect((await call('GET', '/api/msg/unread', token)).json().data.sys).toBe(0);
    const pushed = await call('POST', '/api/admin/msg/notice/push', root, { id });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json().data.messages).toBe(1);
    expect((await call('GET', '/api/msg/unread', token)).json().data.sys).toBe(1);
    const sys = (await call('GET', '/api/msg/sys', token)).json().data.records;
    expect(sys[0]).toMatchObject({ title: 'Urgent' });
    const list = (await call('GET', '/api/admin/msg/notice', root)).json().data.records;
    expect(list.find((n: { id: number }) => n.id === id).state).toBe(true);
    const again = await call('POST', '/api/admin/msg/notice/push', root, { id });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The notice has already been pushed');
    expect((await call('POST', '/api/admin/msg/notice/push', root, { id: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/msg/notice/push', root, { id: 'x' })).statusCode).toBe(400);
    expect(u).toBeTruthy();
  });
});

describe('revoke sessions', () => {
  it('lists a user sessions and signs them out: their next request is 401', async () => {
    const uid = await makeUser(t.ctx, { username: 'revokee' });
    const a = await login(t.app, 'revokee', PASSWORD);
    const b = await login(t.app, 'revokee', PASSWORD);
    for (const role of [Role.USER, Role.ADMIN, Role.PROBLEM_ADMIN]) {
      expect((await call('POST', '/api/admin/user/revoke-sessions', tokens[role], { uid })).statusCode).toBe(
        403,
      );
      expect(
        (await call('GET', `/api/admin/user/get-user-sessions?uid=${uid}`, tokens[role])).statusCode,
      ).toBe(403);
    }
    const listed = await call('GET', `/api/admin/user/get-user-sessions?uid=${uid}`, root);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => !s.current)).toBe(true);
    // One session: the other stays signed in.
    const one = await call('POST', '/api/admin/user/revoke-sessions', root, {
      uid,
      sessionId: sessions[0]!.id,
    });
    expect(one.json().data.revoked).toBe(1);
    const alive = [a, b].map(async (tok) => (await call('GET', '/api/get-user-auth-info', tok)).statusCode);
    expect((await Promise.all(alive)).sort()).toEqual([200, 401]);
    // All of them.
    const all = await call('POST', '/api/admin/user/revoke-sessions', root, { uid });
    expect(all.json().data.revoked).toBe(1);
    for (const tok of [a, b])
      expect((await call('GET', '/api/get-user-auth-info', tok)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/user/revoke-sessions', root, { uid: 'gone' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/user/revoke-sessions', root, {})).statusCode).toBe(400);
  });
});

describe('change the mobile number', () => {
  it('needs the password and a valid, different number; the new one is in the user info', async () => {
    await makeUser(t.ctx, { username: 'mobiler' });
    const tok = await login(t.app, 'mobiler', PASSWORD);
    expect(
      (await call('POST', '/api/change-mobile', undefined, { password: PASSWORD, newMobile: '13800000000' }))
        .statusCode,
    ).toBe(401);
    const bad = await call('POST', '/api/change-mobile', tok, { password: PASSWORD, newMobile: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('The mobile number format is incorrect');
    const wrong = await call('POST', '/api/change-mobile', tok, {
      password: 'wrongpass',
      newMobile: '13800000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The password is wrong');
    const done = await call('POST', '/api/change-mobile', tok, {
      password: PASSWORD,
      newMobile: '+86 138-0000-0000',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.mobile).toBe('+8613800000000');
    expect((await call('GET', '/api/get-user-auth-info', tok)).json().data.mobile).toBe('+8613800000000');
    const same = await call('POST', '/api/change-mobile', tok, {
      password: PASSWORD,
      newMobile: '+8613800000000',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe('The new mobile number must differ from the current one');
  });
});

describe('System Config deployment sections', () => {
  it('super admin only; the judge section follows the switches', async () => {
    for (const role of [Role.USER, Role.ADMIN, Role.PROBLEM_ADMIN]) {
      expect((await call('GET', '/api/admin/config/get-deployment-config', tokens[role])).statusCode).toBe(
        403,
      );
    }
    await call('PUT', '/api/admin/switch/update', root, {
      openContestJudge: false,
      defaultSubmitInterval: 12,
    });
    const res = await call('GET', '/api/admin/config/get-deployment-config', root);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.datasource.kind).toBe(t.ctx.dbKind);
    expect(d.judge).toMatchObject({
      openContestJudge: false,
      openPublicJudge: true,
      defaultSubmitInterval: 12,
    });
    expect(d.sms).toEqual({ provider: null });
  });

  it('shows DATABASE_URL with the password masked and the query dropped', () => {
    const ctx = {
      ...t.ctx,
      dbKind: 'postgres' as const,
      env: { ...t.ctx.env, DATABASE_URL: 'postgres://oj:s3cr%40t@db.example:5433/judge?sslpassword=zzz' },
    };
    const d = datasourceOf(ctx);
    expect(d).toEqual({
      kind: 'postgres',
      fromUrl: true,
      url: 'postgres://oj:******@db.example:5433/judge',
      host: 'db.example',
      port: 5433,
      database: 'judge',
      username: 'oj',
    });
    expect(JSON.stringify(d)).not.toContain('s3cr');
    expect(JSON.stringify(d)).not.toContain('zzz');
  });
});

describe('auth admin and role auth', () => {
  const testRun = (token: string) =>
    call('POST', '/api/submit-problem-test-judge', token, {
      pid: 999_999,
      language: 'C',
      code: 'int main(){return 0;}',
      userInput: '1 2',
    });

  it('lists the auths and the roles; super admin only', async () => {
    for (const url of ['/api/admin/auth/list', '/api/admin/role-auth/list']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      for (const role of [Role.USER, Role.ADMIN, Role.PROBLEM_ADMIN]) {
        expect((await call('GET', url, tokens[role])).statusCode, `${url} ${role}`).toBe(403);
      }
    }
    const auths = (await call('GET', '/api/admin/auth/list', root)).json().data;
    const submit = auths.find((a: { permission: string }) => a.permission === 'submit');
    expect(submit).toMatchObject({ editable: true });
    expect(submit.roles).toContain(Role.USER);
    expect(submit.roles).not.toContain(Role.NO_SUBMIT);
    const roles = (await call('GET', '/api/admin/role-auth/list', root)).json().data;
    expect(roles.find((r: { role: number }) => r.role === Role.MUTED)).toMatchObject({
      editable: true,
      permissions: ['submit'],
    });
    expect(roles.find((r: { role: number }) => r.role === Role.ROOT).editable).toBe(false);
  });

  it("a role's permissions decide what its users may do, at once", async () => {
    const user = tokens[Role.USER]!;
    const noSubmit = tokens[Role.NO_SUBMIT]!;
    expect((await testRun(user)).statusCode).toBe(404);
    expect((await testRun(noSubmit)).statusCode).toBe(403);
    // Take submitting and commenting from the default user, give submitting to the no-submit role.
    const set = await call('PUT', '/api/admin/role-auth', root, {
      role: Role.USER,
      permissions: ['discussion_post'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.find((r: { role: number }) => r.role === Role.USER).permissions).toEqual([
      'discussion_post',
    ]);
    await call('PUT', '/api/admin/role-auth', root, {
      role: Role.NO_SUBMIT,
      permissions: ['submit', 'comment'],
    });
    const refused = await testRun(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Your account is not allowed to submit');
    expect((await testRun(noSubmit)).statusCode).toBe(404);
    const comment = await call('POST', '/api/comment', user, { did: 1, content: 'hi' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().msg).toBe('Your account is muted: you cannot comment or reply');
    // Back to the defaults.
    await call('PUT', '/api/admin/role-auth', root, {
      role: Role.USER,
      permissions: ['submit', 'discussion_post', 'comment'],
    });
    await call('PUT', '/api/admin/role-auth', root, {
      role: Role.NO_SUBMIT,
      permissions: ['discussion_post', 'comment'],
    });
    expect((await testRun(user)).statusCode).toBe(404);
    expect((await testRun(noSubmit)).statusCode).toBe(403);
  });

  it('refuses admin roles and unknown permissions with 400', async () => {
    const admin = await call('PUT', '/api/admin/role-auth', root, { role: Role.ADMIN, permissions: [] });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().msg).toContain('role must be an ordinary role code 1002-1007');
    const unknown = await call('PUT', '/api/admin/role-auth', root, {
      role: Role.USER,
      permissions: ['fly'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/admin/role-auth', tokens[Role.ADMIN], { role: Role.USER, permissions: [] }))
        .statusCode,
    ).toBe(403);
  });
});
