import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../account/fixtures.js';
import { createTestApp, login, type TestApp } from '../helpers.js';

// Issue 8 findings 8 (profile links) and 9 (look-alike usernames).

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await makeUser(t.ctx, { username: 'alice' });
  token = await login(t.app, 'alice', PASSWORD);
});
afterAll(async () => t?.close());

let ip = 1;
/** POST /api/register from its own address (the per-IP limit stays out of the way); the code is never valid. */
const register = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.9.0.${ip++}`,
    payload: { username, password: 'secret123', email: `u${ip}@example.com`, code: '123456' },
  });

describe('POST /api/register usernames (finding 9)', () => {
  it('refuses look-alike scripts, invisible and direction marks, fullwidth letters and spaces, naming the field', async () => {
    for (const name of [
      '\u0430lice', // Cyrillic а + "lice"
      'al\u200bice', // zero-width space
      'ali\u200dce', // zero-width joiner
      '\u202ealice', // right-to-left override
      'alice\u200f', // right-to-left mark
      '\uff41lice', // fullwidth a
      'ali ce',
      'αlice', // Greek alpha
    ]) {
      const r = await register(name);
      expect(r.statusCode, JSON.stringify(name)).toBe(400);
      expect(r.json().msg, JSON.stringify(name)).toMatch(/^username: .*only letters a-z/);
    }
  });

  it('lets ASCII names with _ . - and Chinese names through the username rule (then checks the code)', async () => {
    for (const name of ['bob_2.x-y', '张三', 'Li_明']) {
      const r = await register(name);
      expect(r.statusCode, name).toBe(400);
      expect(r.json().msg, name).not.toMatch(/^username:/);
    }
  });

  it('still lets an account named before the rule log in', async () => {
    await makeUser(t.ctx, { username: 'old\u0430ccount' });
    expect(await login(t.app, 'old\u0430ccount', PASSWORD)).toBeTruthy();
  });
});

describe('POST /api/change-userInfo links (finding 8)', () => {
  const change = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: token }, payload });

  it('refuses javascript:, data: and other non-http links with 400 naming the field', async () => {
    for (const [field, value] of [
      ['github', 'javascript:alert(1)'],
      ['blog', 'JavaScript:alert(document.cookie)'],
      ['blog', 'data:text/html,<script>alert(1)</script>'],
      ['github', 'vbscript:msgbox(1)'],
      ['blog', 'ftp://example.com/x'],
      ['github', 'github.com/alice'],
    ]) {
      const r = await change({ [field]: value });
      expect(r.statusCode, value).toBe(400);
      expect(r.json().msg, value).toMatch(new RegExp(`^${field}: `));
    }
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-home-info?username=alice',
    });
    expect(me.json().data).toMatchObject({ github: '', blog: '' });
  });

  it('accepts http and https links, and an empty value to clear one', async () => {
    const ok = await change({ github: 'https://github.com/alice', blog: 'http://alice.example/blog' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      github: 'https://github.com/alice',
      blog: 'http://alice.example/blog',
    });
    const cleared = await change({ blog: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.blog).toBe('');
  });
});
