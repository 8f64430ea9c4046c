import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../helpers.js';
import { makeUser, PASSWORD } from './fixtures.js';

// The user home's CF rating (doc 1 §2.9, issue 25): read from the Codeforces API, here a local stand-in that
// answers as codeforces.com/api/user.info does and counts the look-ups.

const RATINGS: Record<string, number | undefined> = { tourist: 3800, newbie: undefined };
let asked: string[] = [];
let cf: http.Server;
let t: TestApp;

beforeAll(async () => {
  cf = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const handle = url.searchParams.get('handles') ?? '';
    asked.push(handle);
    res.setHeader('content-type', 'application/json');
    if (url.pathname !== '/api/user.info' || !(handle in RATINGS)) {
      res.statusCode = 400;
      res.end(JSON.stringify({ status: 'FAILED', comment: `handles: User with handle ${handle} not found` }));
      return;
    }
    const rating = RATINGS[handle];
    res.end(JSON.stringify({ status: 'OK', result: [{ handle, ...(rating ? { rating } : {}) }] }));
  });
  await new Promise<void>((r) => cf.listen(0, '127.0.0.1', r));
  const port = (cf.address() as AddressInfo).port;
  t = await createTestApp({ OJ_CODEFORCES_API: `http://127.0.0.1:${port}/api` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => cf?.close(r));
});

const home = async (username: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/get-user-home-info?username=${username}` })).json().data;

describe('CF rating on the user home', () => {
  it('shows the rating of the handle set in Settings, looked up once; null without a handle or unrated', async () => {
    await makeUser(t.ctx, { username: 'cfer' });
    const token = await login(t.app, 'cfer', PASSWORD);
    expect(await home('cfer')).toMatchObject({ cfUsername: '', cfRating: null });
    expect(asked).toEqual([]);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/change-userInfo',
      headers: { authorization: token },
      payload: { cfUsername: 'tourist' },
    });
    expect(set.json().data.cfUsername).toBe('tourist');
    expect(await home('cfer')).toMatchObject({ cfUsername: 'tourist', cfRating: 3800 });
    expect(await home('cfer')).toMatchObject({ cfRating: 3800 });
    expect(asked).toEqual(['tourist']);
    for (const [handle, want] of [
      ['newbie', null],
      ['no_such_handle', null],
      ['bad handle!', null],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/change-userInfo',
        headers: { authorization: token },
        payload: { cfUsername: handle },
      });
      expect((await home('cfer')).cfRating, handle).toBe(want);
    }
    // A malformed handle is never sent.
    expect(asked).toEqual(['tourist', 'newbie', 'no_such_handle']);
    asked = [];
  });
});
