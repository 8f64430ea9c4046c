import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, users } from '../../src/db/schema/index.js';
import { IP_LIMIT_DEFAULTS } from '../../src/modules/config/config.defaults.js';
import { createTestApp, login, type TestApp } from '../helpers.js';
import { makeUser, PASSWORD } from './fixtures.js';

const SECRET = 'a-test-secret-that-is-long-enough-1234';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OJ_JWT_SECRET: SECRET });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: token } : {},
  });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

describe('POST /api/login', () => {
  it('answers the user info and puts the token in the Authorization header', async () => {
    const uid = await makeUser(t.ctx, { username: 'Alice', email: 'alice@example.com' });
    const res = await post('/api/login', { username: 'alice', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(typeof res.headers.authorization).toBe('string');
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({
      uid,
      username: 'Alice',
      email: 'alice@example.com',
      roleList: ['default_user'],
    });
    expect(body.data).not.toHaveProperty('passwordHash');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.uid, uid));
    expect(row!.recentLoginTime).toBeInstanceOf(Date);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const noName = await post('/api/login', { password: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toMatch(/username/);
    const noPassword = await post('/api/login', { username: 'alice' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().msg).toMatch(/password/);
    const longName = await post('/api/login', { username: 'x'.repeat(21), password: 'whatever' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().msg).toMatch(/username/);
  });

  it('refuses a wrong password and an unknown user with 400 and no token', async () => {
    await makeUser(t.ctx, { username: 'bob' });
    const wrong = await post('/api/login', { username: 'bob', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers.authorization).toBeUndefined();
    expect(wrong.json().msg).toBe('Please check your username or password');
    const unknown = await post('/api/login', { username: 'nobody', password: 'whatever1' });
    expect(unknown.statusCode).toBe(400);
  });

  it('locks a username after 5 failures, even for the right password, and a success resets the count', async () => {
    await makeUser(t.ctx, { username: 'carol' });
    for (let i = 0; i < 4; i++)
      expect((await post('/api/login', { username: 'carol', password: 'bad-pass' })).statusCode).toBe(400);
    // A success before the fifth failure resets the counter: four more failures do not lock.
    expect((await post('/api/login', { username: 'carol', password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await post('/api/login', { username: 'carol', password: 'bad-pass' })).statusCode).toBe(400);
    expect((await post('/api/login', { username: 'carol', password: 'bad-pass' })).statusCode).toBe(400);
    const locked = await post('/api/login', { username: 'CAROL', password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/Too many failed logins.*5 minutes/);
    expect(locked.headers.authorization).toBeUndefined();
    // Once the lock has run out the right password works again.
    await t.ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailures.username, 'carol'));
    expect((await post('/api/login', { username: 'carol', password: PASSWORD })).statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(loginFailures).where(eq(loginFailures.username, 'carol')),
    ).toHaveLength(0);
  });

  it('refuses a disabled account with 403', async () => {
    await makeUser(t.ctx, { username: 'dave', status: 1 });
    const res = await post('/api/login', { username: 'dave', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.headers.authorization).toBeUndefined();
  });

  it('limits login attempts per IP address', async () => {
    const from = { remoteAddress: '10.9.8.7' };
    let last = 0;
    for (let i = 0; i <= IP_LIMIT_DEFAULTS.login; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `ghost${i}`, password: 'whatever1' },
        ...from,
      });
      last = res.statusCode;
      if (i < IP_LIMIT_DEFAULTS.login) expect(res.statusCode).toBe(400);
    }
    expect(last).toBe(429);
  });
  it('does not let a forged X-Forwarded-For escape the per-IP limit', async () => {
    let last = 0;
    for (let i = 0; i <= IP_LIMIT_DEFAULTS.login; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `phantom${i}`, password: 'whatever1' },
        remoteAddress: '10.9.8.6',
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sessions', () => {
  it('get-user-auth-info answers roles and user info, 401 without a token', async () => {
    expect((await get('/api/get-user-auth-info')).statusCode).toBe(401);
    await makeUser(t.ctx, { username: 'erin', role: Role.PROBLEM_ADMIN });
    const token = await login(t.app, 'erin', PASSWORD);
    const res = await get('/api/get-user-auth-info', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ roles: ['problem_admin'], permissions: [], username: 'erin' });
  });

  it('logout revokes the token', async () => {
    const token = await login(t.app, 'erin', PASSWORD);
    expect((await get('/api/logout', token)).statusCode).toBe(200);
    expect((await get('/api/get-user-auth-info', token)).statusCode).toBe(401);
    // Logging out again, or without a token, is harmless.
    expect((await get('/api/logout', token)).statusCode).toBe(200);
    expect((await get('/api/logout')).statusCode).toBe(200);
  });

  it('a token past half its life comes back refreshed in the Authorization header', async () => {
    const token = await login(t.app, 'erin', PASSWORD);
    const fresh = await get('/api/get-user-auth-info', token);
    expect(fresh.headers.authorization).toBeUndefined();
    const { sub, sid } = decodeJwt(token);
    const aging = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    const res = await get('/api/get-user-auth-info', aging);
    expect(res.statusCode).toBe(200);
    const refreshed = res.headers.authorization;
    expect(typeof refreshed).toBe('string');
    expect(refreshed).not.toBe(aging);
    expect(Number(decodeJwt(String(refreshed)).exp)).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    expect((await get('/api/get-user-auth-info', String(refreshed))).statusCode).toBe(200);
  });
});
