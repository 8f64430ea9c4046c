import { Readable } from 'node:stream';
import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app.js';
import { join, makeGroup } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';

// Issue 23 §2b item 2: a request body is read only for callers who may use the route. Every route keeps the
// 1 MiB body limit except real uploads (problem bodies with typed test cases, compile checks with extra files,
// judge results), and those refuse callers without the right before reading the body.

let t: TestApp;
/** `METHOD url` -> its raised bodyLimit, for every route above BODY_LIMIT_BYTES. */
const raised = new Map<string, number>();
const tokens: Record<'user' | 'member', string> = { user: '', member: '' };
let gid = 0;

/** The routes allowed more than 1 MiB: uploads whose permission is checked before the body is read. */
const UPLOADS = [
  'POST /api/admin/problem',
  'PUT /api/admin/problem',
  'POST /api/admin/problem/compile-spj',
  'POST /api/admin/problem/compile-interactive',
  'POST /api/admin/contest/problem',
  'PUT /api/admin/contest/problem',
  'POST /api/group/problem',
  'PUT /api/group/problem',
  'POST /api/group/compile-spj',
  'POST /api/group/compile-interactive',
  'POST /api/group/contest-problem',
  'POST /api/judge/result',
];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r) => {
        const limit = (r as { bodyLimit?: number }).bodyLimit;
        if (limit != null && limit > BODY_LIMIT_BYTES) {
          for (const m of [r.method].flat()) if (m !== 'HEAD') raised.set(`${m} ${r.url}`, limit);
        }
      },
    },
  );
  const owner = await makeUser(t.ctx, 'bl_owner', Role.ADMIN);
  tokens.user = (await makeUser(t.ctx, 'bl_user', Role.USER)).token;
  tokens.member = (await makeUser(t.ctx, 'bl_member', Role.USER)).token;
  gid = (await makeGroup(t.app, owner.token)).id;
  expect((await join(t.app, tokens.member, gid)).code).toBe(200);
});
afterAll(async () => t?.close());

/**
 * Sends `bytes` of JSON-looking body to `url`, produced lazily in 64 KiB chunks (with a Content-Length unless
 * `chunked`), and returns the answer, how many body bytes the server pulled and how long it took (ms).
 */
async function sendBig(method: string, url: string, bytes: number, token?: string, chunked = false) {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let pulled = 0;
  const body = Readable.from(
    (function* () {
      yield Buffer.from('{"problem":{"title":"');
      pulled += 21;
      while (pulled < bytes) {
        const c = chunk.subarray(0, Math.min(chunk.length, bytes - pulled));
        pulled += c.length;
        yield c;
      }
    })(),
  );
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!chunked) headers['content-length'] = String(bytes);
  if (token) headers.authorization = token;
  const started = Date.now();
  const res = await t.app.inject({ method: method as 'POST', url, headers, payload: body });
  return { code: res.statusCode, json: res.json(), pulled, ms: Date.now() - started };
}

describe('request body limits (issue 23 §2b)', () => {
  it('only the known uploads raise the 1 MiB body limit', () => {
    expect([...raised.keys()].sort()).toEqual([...UPLOADS].sort());
  });

  it('refuses an ordinary user’s 64 MiB body to every raised route before reading it', async () => {
    for (const route of UPLOADS) {
      const [method, path] = route.split(' ');
      const url = path.includes('/group/compile-') ? `${path}?gid=${gid}` : path;
      const r = await sendBig(method, url, 64 * 1024 * 1024, tokens.user);
      expect([401, 403], `${route}: ${r.code} ${JSON.stringify(r.json)}`).toContain(r.code);
      expect(r.pulled, `${route} read the body`).toBeLessThan(BODY_LIMIT_BYTES);
    }
  });

  it('refuses a group member who administers no group on the group problem routes before reading', async () => {
    for (const route of UPLOADS.filter((r) => r.includes('/group/'))) {
      const [method, path] = route.split(' ');
      for (const url of [path, `${path}?gid=${gid}`]) {
        const r = await sendBig(method, url, 64 * 1024 * 1024, tokens.member);
        expect(r.code, `${route} ${url}`).toBe(403);
        expect(r.json.msgKey).toBe('group.adminsOnly');
        expect(r.pulled, `${url} read the body`).toBeLessThan(BODY_LIMIT_BYTES);
      }
    }
    // Anonymous: 401 before anything.
    const anon = await sendBig('POST', '/api/group/problem', 64 * 1024 * 1024);
    expect(anon.code).toBe(401);
    expect(anon.pulled).toBeLessThan(BODY_LIMIT_BYTES);
  });

  it('answers 413 at once to a 2 MB JSON body on a route that is not an upload', async () => {
    const r = await sendBig('POST', '/api/comment', 2 * 1024 * 1024, tokens.user);
    expect(r.code).toBe(413);
    expect(r.json).toMatchObject({ status: 413, msgKey: 'http.bodyTooLarge' });
    expect(r.pulled).toBeLessThan(BODY_LIMIT_BYTES);
    expect(r.ms).toBeLessThan(2000);
    // Without a Content-Length the server stops reading at the limit.
    const chunked = await sendBig('PUT', '/api/group/member', 2 * 1024 * 1024, tokens.user, true);
    expect(chunked.code).toBe(413);
  });
});
