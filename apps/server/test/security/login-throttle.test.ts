import { LIMITS } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, loginFailures } from '../../src/db/schema/index.js';
import { makeUser, PASSWORD } from '../account/fixtures.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from '../helpers.js';

// Issue 8 finding 6: failed logins from one address must not lock the account for everyone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ATTACKER = '203.0.113.66';
const loginFrom = (ip: string, payload: object, url = '/api/login') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** A captcha from GET /api/captcha and its answer, read where the server keeps it. */
async function solvedCaptcha(ip: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  const { captchaKey } = res.json().data;
  const [row] = await t.ctx.db.select().from(captchas).where(eq(captchas.key, captchaKey));
  return { captchaKey, captcha: row!.answer };
}

async function attack(username: string, times: number = LIMITS.loginMaxFailures) {
  for (let i = 0; i < times; i++) {
    const r = await loginFrom(ATTACKER, { username, password: 'wrong-guess' });
    expect(r.statusCode).toBe(400);
  }
}

describe('login throttle keyed on username and address (finding 6)', () => {
  it('locks the failing address only: root still signs in from an address it used before', async () => {
    const home = '198.51.100.1';
    expect((await loginFrom(home, { username: 'root', password: ROOT_PASSWORD })).statusCode).toBe(200);
    await attack('root');
    const locked = await loginFrom(ATTACKER, { username: 'root', password: ROOT_PASSWORD });
    expect(locked.statusCode).toBe(429);
    const owner = await loginFrom(home, { username: 'root', password: ROOT_PASSWORD });
    expect(owner.statusCode).toBe(200);
    const admin = await loginFrom(home, { username: 'root', password: ROOT_PASSWORD }, '/api/admin/login');
    expect(admin.statusCode).toBe(200);
  });

  it('asks a new address for a server-checked captcha instead of refusing it', async () => {
    await makeUser(t.ctx, { username: 'victim' });
    await attack('victim');
    const fresh = '198.51.100.2';
    const noCaptcha = await loginFrom(fresh, { username: 'victim', password: PASSWORD });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({
      msg: expect.stringMatching(/captcha/),
      data: { needCaptcha: true },
    });
    const { captchaKey } = await solvedCaptcha(fresh);
    const wrong = await loginFrom(fresh, {
      username: 'victim',
      password: PASSWORD,
      captchaKey,
      captcha: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toEqual({ needCaptcha: true });
    const solved = await solvedCaptcha(fresh);
    const ok = await loginFrom(fresh, { username: 'victim', password: PASSWORD, ...solved });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.headers.authorization).toBe('string');
    // Now a known address: no captcha while the attack goes on.
    expect((await loginFrom(fresh, { username: 'victim', password: PASSWORD })).statusCode).toBe(200);
  });

  it('tells the client on a wrong password whether the next attempt needs a captcha', async () => {
    await makeUser(t.ctx, { username: 'quiet' });
    const first = await loginFrom('198.51.100.3', { username: 'quiet', password: 'bad-pass1' });
    expect(first.json()).toMatchObject({ status: 400, data: { needCaptcha: false } });
    await attack('quiet', LIMITS.loginMaxFailures - 2);
    const fifth = await loginFrom('198.51.100.3', { username: 'quiet', password: 'bad-pass2' });
    expect(fifth.json()).toMatchObject({ status: 400, data: { needCaptcha: true } });
    const after = await loginFrom('198.51.100.3', { username: 'quiet', password: PASSWORD });
    expect(after.json()).toMatchObject({
      msg: expect.stringMatching(/captcha/),
      data: { needCaptcha: true },
    });
  });

  it('lets failures decay: old failures do not count towards the lock', async () => {
    await makeUser(t.ctx, { username: 'forgetful' });
    const ip = '198.51.100.4';
    for (let i = 0; i < LIMITS.loginMaxFailures - 1; i++) {
      expect((await loginFrom(ip, { username: 'forgetful', password: 'bad-pass' })).statusCode).toBe(400);
    }
    // A quiet spell longer than the decay window.
    const past = new Date(Date.now() - (LIMITS.loginFailureWindowSeconds + 60) * 1000);
    await t.ctx.db
      .update(loginFailures)
      .set({ gmtModified: past })
      .where(eq(loginFailures.username, 'forgetful'));
    for (let i = 0; i < LIMITS.loginMaxFailures - 1; i++) {
      expect((await loginFrom(ip, { username: 'forgetful', password: 'bad-pass' })).statusCode).toBe(400);
    }
    expect((await loginFrom(ip, { username: 'forgetful', password: PASSWORD })).statusCode).toBe(200);
  });
});
