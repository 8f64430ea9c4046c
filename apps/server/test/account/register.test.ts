import { Writable } from 'node:stream';
import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { configureSmtp, makeUser, startSmtp } from './fixtures.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
  await configureSmtp(t.app, root, smtp.port);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Each call comes from its own address so that the per-IP mail limit (10 a minute) does not interfere here.
let ip = 1;
const from = () => ({ remoteAddress: `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, ...from() });
const get = (url: string) => t.app.inject({ method: 'GET', url, ...from() });
const codeIn = (text: string) => /registration code for .* is (\d{6})/.exec(text)?.[1];

describe('registration end to end through a real SMTP server', () => {
  it('mails a code, registers with it, and the new user can log in', async () => {
    const sent = await get('/api/get-register-code?email=New.User@Example.com');
    expect(sent.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['new.user@example.com']);
    expect(mail!.user).toBe('mailer');
    const code = codeIn(mail!.text);
    expect(code).toMatch(/^\d{6}$/);

    const reg = await post('/api/register', {
      username: 'newbie',
      password: 'newpass1',
      email: 'new.user@example.com',
      code,
    });
    expect(reg.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.username, 'newbie'));
    expect(row!.role).toBe(Role.USER);
    expect(row!.passwordHash).not.toContain('newpass1');
    const token = await login(t.app, 'newbie', 'newpass1');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-auth-info',
      headers: { authorization: token },
    });
    expect(info.json().data.roles).toEqual(['default_user']);

    // The code is spent: a second registration with it fails.
    const again = await post('/api/register', {
      username: 'newbie2',
      password: 'newpass1',
      email: 'new.user@example.com',
      code,
    });
    expect(again.statusCode).toBe(400);
  });

  it('allows one code per email per 60 s (429)', async () => {
    expect((await get('/api/get-register-code?email=wait@example.com')).statusCode).toBe(200);
    const second = await get('/api/get-register-code?email=WAIT@example.com');
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toMatch(/wait \d+ seconds/);
  });

  it('refuses a taken email, a bad email and a closed registration', async () => {
    await makeUser(t.ctx, { username: 'taken', email: 'taken@example.com' });
    const taken = await get('/api/get-register-code?email=TAKEN@example.com');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe('The email already exists');
    const bad = await get('/api/get-register-code?email=not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/email/);
    expect((await get('/api/get-register-code')).statusCode).toBe(400);

    await t.ctx.config.set('website', { register: false });
    const closed = await get('/api/get-register-code?email=closed@example.com');
    expect(closed.statusCode).toBe(403);
    const closedReg = await post('/api/register', {
      username: 'closed',
      password: 'newpass1',
      email: 'closed@example.com',
      code: '123456',
    });
    expect(closedReg.statusCode).toBe(403);
    await t.ctx.config.set('website', { register: true });
  });

  it('checks username and email uniqueness case-insensitively', async () => {
    const both = await post('/api/check-username-or-email', {
      username: 'TAKEN',
      email: 'Taken@Example.com',
    });
    expect(both.json().data).toEqual({ username: true, email: true });
    const tooLong = await post('/api/check-username-or-email', { username: 'x'.repeat(21) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('username');
    const none = await post('/api/check-username-or-email', {
      username: 'free-name',
      email: 'free@example.com',
    });
    expect(none.json().data).toEqual({ username: false, email: false });

    const before = smtp.mails.length;
    expect((await get('/api/get-register-code?email=dup@example.com')).statusCode).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const code = codeIn(mails[before]!.text);
    const dupName = await post('/api/register', {
      username: 'Taken',
      password: 'newpass1',
      email: 'dup@example.com',
      code,
    });
    expect(dupName.statusCode).toBe(400);
    expect(dupName.json().msg).toBe('The username already exists');
    const dupMail = await post('/api/register', {
      username: 'fresh',
      password: 'newpass1',
      email: 'TAKEN@example.com',
      code,
    });
    expect(dupMail.statusCode).toBe(400);
    expect(dupMail.json().msg).toBe('The email already exists');
  });

  it('validates the register body field by field', async () => {
    const base = { username: 'valid', password: 'newpass1', email: 'v@example.com', code: '123456' };
    for (const [field, value] of [
      ['username', ''],
      ['username', 'x'.repeat(21)],
      ['password', '12345'],
      ['password', 'x'.repeat(21)],
      ['email', 'nope'],
      ['code', '12345'],
    ] as const) {
      const res = await post('/api/register', { ...base, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().msg).toContain(field);
    }
  });

  it('spends a code after 5 wrong tries', async () => {
    const before = smtp.mails.length;
    expect((await get('/api/get-register-code?email=tries@example.com')).statusCode).toBe(200);
    const code = codeIn((await smtp.waitFor(before + 1))[before]!.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { username: 'tries', password: 'newpass1', email: 'tries@example.com' };
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/register', { ...body, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The code is wrong or has expired');
    }
    expect((await post('/api/register', { ...body, code })).statusCode).toBe(400);
  });

  it('with no SMTP host the code is written to the server log', async () => {
    await t.ctx.config.set('email', { host: '' });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, next) {
        lines.push(String(chunk));
        next();
      },
    });
    const app = await buildApp({
      ctx: { ...t.ctx, ...newExtensionPoints() },
      logger: { level: 'info', stream },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/get-register-code?email=local@example.com' });
      expect(res.statusCode).toBe(200);
      const logged = lines.find((l) => l.includes('local@example.com') && l.includes('registration code'));
      expect(logged).toBeDefined();
      const code = /is (\d{6})/.exec(logged!)?.[1];
      const reg = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'local', password: 'newpass1', email: 'local@example.com', code },
      });
      expect(reg.statusCode).toBe(200);
    } finally {
      await app.close();
      await configureSmtp(t.app, root, smtp.port);
    }
  });

  it('answers 503 with a clear message when the SMTP server cannot be reached, and allows a retry', async () => {
    await t.ctx.config.set('email', { host: '127.0.0.1', port: 1 });
    const res = await get('/api/get-register-code?email=down@example.com');
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toMatch(/Failed to send the email/);
    await configureSmtp(t.app, root, smtp.port);
    expect((await get('/api/get-register-code?email=down@example.com')).statusCode).toBe(200);
  });
});
