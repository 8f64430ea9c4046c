import { Role, UserStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

/**
 * The auth plugin reuses a session it read for SESSION_CACHE_MS (plugins/session-cache.ts). What a user notices
 * must not change: a role given or taken, a disabled account, a logout and a password change take effect on the
 * very next request.
 */
let t: TestApp;
let root: { uid: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  root = await makeUser(t.ctx, 'cacheroot', Role.ROOT);
});
afterAll(async () => {
  await t.close();
});

const dashboard = (token: string) =>
  call(t.app, { method: 'GET', url: '/api/admin/dashboard/get-dashboard-info', token });
const editUser = (payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: '/api/admin/user/edit-user', token: root.token, payload });

describe('session reuse never delays a change', () => {
  it('a role given or taken by the super admin applies to the next request', async () => {
    const u = await makeUser(t.ctx, 'cacheuser', Role.USER);
    expect((await dashboard(u.token)).code).toBe(403);
    expect((await dashboard(u.token)).code).toBe(403);
    expect((await editUser({ uid: u.uid, role: Role.ADMIN })).code).toBe(200);
    expect((await dashboard(u.token)).code).toBe(200);
    expect((await editUser({ uid: u.uid, role: Role.USER })).code).toBe(200);
    expect((await dashboard(u.token)).code).toBe(403);
  });

  it('a disabled account and a logout end the session at once', async () => {
    const u = await makeUser(t.ctx, 'cacheadm', Role.ADMIN);
    expect((await dashboard(u.token)).code).toBe(200);
    expect((await editUser({ uid: u.uid, status: UserStatus.DISABLED })).code).toBe(200);
    expect((await dashboard(u.token)).code).toBe(401);

    const v = await makeUser(t.ctx, 'cacheadm2', Role.ADMIN);
    expect((await dashboard(v.token)).code).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/logout', token: v.token })).code).toBe(200);
    expect((await dashboard(v.token)).code).toBe(401);
  });
});
