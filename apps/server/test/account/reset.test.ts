import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../src/db/schema/index.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { configureSmtp, makeUser, PASSWORD, startSmtp } from './fixtures.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  await configureSmtp(t.app, await login(t.app, 'root', ROOT_PASSWORD), smtp.port);
  await t.ctx.config.set('website', { baseUrl: 'https://oj.example.org/' });
  await makeUser(t.ctx, { username: 'Frank', email: 'frank@example.com' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ip = 1;
const from = () => ({ remoteAddress: `10.2.0.${ip++}` });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {}, ...from() });

/** A fresh captcha and its answer, read from the database as only the server knows it. */
async function captcha(): Promise<{ captchaKey: string; answer: string; img: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', ...from() });
  expect(res.statusCode).toBe(200);
  const { img, captchaKey } = res.json().data;
  const [row] = await t.ctx.db.select().from(captchas).where(eq(captchas.key, captchaKey));
  return { captchaKey, img, answer: row!.answer };
}

describe('password reset', () => {
  it('GET /api/captcha answers an SVG image as a data URL and keeps the answer on the server', async () => {
    const c = await captcha();
    expect(c.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.img.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(c.answer).toMatch(/^[a-z0-9]{4}$/);
    expect(JSON.stringify(c.img)).not.toContain(c.answer);
  });

  it('checks the captcha on the server, once', async () => {
    const c = await captcha();
    const wrong = await post('/api/apply-reset-password', {
      email: 'frank@example.com',
      captcha: 'zzzzzzz',
      captchaKey: c.captchaKey,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The captcha is wrong');
    // The captcha answered once; even the right answer is now refused.
    const reused = await post('/api/apply-reset-password', {
      email: 'frank@example.com',
      captcha: c.answer,
      captchaKey: c.captchaKey,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toMatch(/captcha has expired/);
    const missing = await post('/api/apply-reset-password', { email: 'frank@example.com', captchaKey: 'k' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/captcha/);
  });

  it('refuses an unknown email', async () => {
    const c = await captcha();
    const res = await post('/api/apply-reset-password', {
      email: 'ghost@example.com',
      captcha: c.answer.toUpperCase(),
      captchaKey: c.captchaKey,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The email does not exist');
  });

  it('mails a reset link, resets the password with it, ends old sessions, once', async () => {
    const oldToken = await login(t.app, 'frank', PASSWORD);
    const c = await captcha();
    const apply = await post('/api/apply-reset-password', {
      email: 'FRANK@example.com',
      captcha: c.answer,
      captchaKey: c.captchaKey,
    });
    expect(apply.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['frank@example.com']);
    const link = /https:\/\/oj\.example\.org\/reset-password\?username=([^&\s]+)&code=([A-Za-z0-9_-]+)/.exec(
      mail!.text,
    );
    expect(link).not.toBeNull();
    const [, username, code] = link!;
    expect(decodeURIComponent(username!)).toBe('Frank');

    // A second mail within 90 s is refused.
    const c2 = await captcha();
    const soon = await post('/api/apply-reset-password', {
      email: 'frank@example.com',
      captcha: c2.answer,
      captchaKey: c2.captchaKey,
    });
    expect(soon.statusCode).toBe(429);

    const wrongCode = await post('/api/reset-password', {
      username: 'Frank',
      password: 'brandnew1',
      code: 'x'.repeat(32),
    });
    expect(wrongCode.statusCode).toBe(400);
    const noUser = await post('/api/reset-password', {
      username: 'nobody',
      password: 'brandnew1',
      code: code!,
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().msg).toBe('The username does not exist');
    const short = await post('/api/reset-password', { username: 'Frank', password: '123', code: code! });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('password');

    const reset = await post('/api/reset-password', {
      username: 'Frank',
      password: 'brandnew1',
      code: code!,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().msg).toBe('Your password has been reset');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-auth-info',
      headers: { authorization: oldToken },
    });
    expect(me.statusCode).toBe(401);
    expect((await post('/api/login', { username: 'frank', password: PASSWORD })).statusCode).toBe(400);
    await login(t.app, 'frank', 'brandnew1');
    const again = await post('/api/reset-password', { username: 'Frank', password: 'another1', code: code! });
    expect(again.statusCode).toBe(400);
  });
});
