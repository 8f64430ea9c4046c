import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { Role } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser, multipart } from '../problem/fixtures.js';

// Issue 8 findings 3 (text the database cannot store), 5 (body limit, role checks before the body) and the
// JSON-body coercion of finding 11.

let t: TestApp;
let user: string;
let root: string;
/** Log lines of a second app on the same database, whose logger writes here. */
const logLines: string[] = [];
let logged: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  user = (await makeUser(t.ctx, 'edgeuser', Role.USER)).token;
  root = (await makeUser(t.ctx, 'edgeroot', Role.ROOT)).token;
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  logged = await buildApp({
    ctx: { ...t.ctx, ...newExtensionPoints() },
    logger: { level: 'info', stream: sink },
  });
  // Reaches the database with text the edge would refuse (sent base64 so that only the database sees it).
  logged.get<{ Querystring: { b64: string } }>('/test/db-text', async (req) => {
    const name = Buffer.from(req.query.b64, 'base64').toString('utf8');
    return t.ctx.db.select({ uid: users.uid }).from(users).where(eq(users.username, name));
  });
  // Casts a number to integer (sent as text so that only the database judges its range).
  logged.get<{ Querystring: { n: string } }>('/test/db-int', async (req) =>
    t.ctx.db.execute(sql`select ${req.query.n}::integer as n`),
  );
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('text the database cannot store', () => {
  it('refuses NUL in a login body, a list query and a path with 400 naming the field', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ro\u0000ot', password: 'whatever1' },
    });
    expect(login.code).toBe(400);
    expect(login.body.msg).toBe('body.username: must not contain the NUL character');

    const list = await call(t.app, { method: 'GET', url: '/api/get-problem-list?keyword=a%00b' });
    expect(list.code).toBe(400);
    expect(list.body.msg).toContain('query.keyword');

    const home = await call(t.app, { method: 'GET', url: '/api/get-user-home-info?username=%00' });
    expect(home.code).toBe(400);
    expect(home.body.msg).toContain('query.username');
  });

  it('refuses a lone UTF-16 surrogate in a JSON body, in nested values and in keys', async () => {
    const nested = await call(t.app, {
      method: 'POST',
      url: '/api/change-userInfo',
      token: user,
      headers: { 'content-type': 'application/json' },
      payload: '{"nickname":"a\\ud800b"}',
    });
    expect(nested.code).toBe(400);
    expect(nested.body.msg).toBe('body.nickname: must not contain a lone UTF-16 surrogate');

    const key = await call(t.app, {
      method: 'POST',
      url: '/api/check-submissions-status',
      headers: { 'content-type': 'application/json' },
      payload: '{"submitIds":[1],"\\udc00":1}',
    });
    expect(key.code).toBe(400);
    expect(key.body.msg).toContain('surrogate');
  });

  it('maps invalid text the database refuses to 400 and never logs the parameters of a failed query', async () => {
    const secret = 'hunter2\u0000secret';
    const b64 = Buffer.from(secret).toString('base64');
    const res = await logged.inject({ method: 'GET', url: `/test/db-text?b64=${encodeURIComponent(b64)}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('A value holds text that cannot be stored');
    // A failed query may be logged with its SQL text and code, never with the parameter values.
    expect(logLines.join('')).not.toContain('hunter2');

    const big = await logged.inject({ method: 'GET', url: '/test/db-int?n=99999999999' });
    expect(big.statusCode, big.body).toBe(400);
    expect(big.json().msg).toBe('A number is out of range');
  });
});

describe('body limit and role checks before the body', () => {
  it('answers an anonymous 2 MB POST to an admin route with 401 before reading the body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const head = await new Promise<string>((resolve, reject) => {
      const sock = net.connect(port, '127.0.0.1');
      let got = '';
      sock.on('data', (d) => {
        got += String(d);
        if (got.includes('\r\n\r\n')) {
          sock.destroy();
          resolve(got);
        }
      });
      sock.on('error', reject);
      // Headers of a 2 MB body, then only its first kilobyte: the answer must come without the rest.
      sock.write(
        'POST /api/admin/problem HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${2 * 1024 * 1024}\r\n\r\n{"problem":{"title":"${'x'.repeat(1000)}`,
      );
      setTimeout(() => reject(new Error(`no answer before the body was sent; got ${got}`)), 3000);
    });
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('gives a signed-in user 403 on admin and root routes before any validation message', async () => {
    for (const [url, method] of [
      ['/api/admin/problem', 'POST'],
      ['/api/admin/config/set-web-config', 'PUT'],
      ['/api/admin/tag', 'POST'],
      ['/api/admin/problem/compile-spj', 'POST'],
    ] as const) {
      const res = await call(t.app, { method, url, token: user, payload: { junk: true } });
      expect(res.code, url).toBe(403);
      const anon = await call(t.app, { method, url, payload: { junk: true } });
      expect(anon.code, url).toBe(401);
    }
  });

  it('refuses a JSON body over 1 MB with 413 on an ordinary route, and takes a larger problem body', async () => {
    const big = await call(t.app, {
      method: 'POST',
      url: '/api/change-userInfo',
      token: user,
      payload: { nickname: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(big.code).toBe(413);
    const problem = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: root,
      payload: {
        problem: {
          problemId: 'BIG1',
          title: 'Big',
          description: 'd',
          input: 'i',
          output: 'o',
          type: 0,
          auth: 1,
        },
        samples: [{ input: `${'1 '.repeat(1024 * 1024)}\n`, output: '3\n' }],
        languages: ['C'],
      },
    });
    expect(problem.code, problem.body?.msg).toBe(200);
  });

  it('takes a 3 MB multipart test-case zip (uploads have their own limits, not the JSON one)', async () => {
    const big = randomBytes(3 * 1024 * 1024).toString('base64');
    const zip = zipSync({ '1.in': strToU8(big), '1.out': strToU8('ok\n') }, { level: 0 });
    const body = multipart('file', 'cases.zip', zip);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      token: root,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.code, res.body?.msg).toBe(200);
    expect(res.body.data.fileList).toHaveLength(1);
  });
});

describe('JSON body numbers', () => {
  it('does not read a boolean, null or an empty string as a number in a JSON body; query strings still coerce', async () => {
    for (const submitIds of [[true], [null], [''], [[1]]]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/check-submissions-status',
        payload: { submitIds },
      });
      expect(res.code, JSON.stringify(submitIds)).toBe(400);
      expect(res.body.msg).toContain('submitIds.0');
    }
    const share = await call(t.app, {
      method: 'PUT',
      url: '/api/submission',
      token: user,
      payload: { submitId: true, share: true },
    });
    expect(share.code).toBe(400);
    expect(share.body.msg).toContain('submitId');
    const numeric = await call(t.app, {
      method: 'POST',
      url: '/api/check-submissions-status',
      payload: { submitIds: ['7', 8] },
    });
    expect(numeric.code).toBe(200);
    const query = await call(t.app, { method: 'GET', url: '/api/get-problem-list?currentPage=1&limit=5' });
    expect(query.code).toBe(200);
  });
});
