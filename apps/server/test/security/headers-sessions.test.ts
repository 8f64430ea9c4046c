import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, HELMET_OPTIONS } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import { problems, sessions } from '../../src/db/schema/index.js';
import { createSession, SESSION_MAX_AGE_S } from '../../src/plugins/auth.js';
import { helmetHeaders } from '../../src/plugins/security-headers.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { problemPayload } from './authz-matrix.js';

// Issue 8, finding 11: security headers, deleting a problem with submissions, the absolute session lifetime.

let t: TestApp;
let root: string;
let user: { uid: string; token: string };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  root = (await makeUser(t.ctx, 'hsroot', Role.ROOT)).token;
  user = await makeUser(t.ctx, 'hsuser', Role.USER);
});
afterAll(async () => {
  await t.close();
});

describe('security headers', () => {
  it('sends a CSP (scripts from self, no framing), nosniff and a referrer policy on the API and the web app', async () => {
    const dist = fs.mkdtempSync('/tmp/oj-web-');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const web = await buildApp({ ctx: { ...t.ctx, ...newExtensionPoints() }, webDist: dist });
    try {
      for (const url of ['/api/get-website-config', '/problem/1']) {
        const res = await web.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("img-src 'self' data:");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    } finally {
      await web.close();
    }
  });

  it("sends helmet's whole set, built once, on every answer, and on a hashed script only nosniff and CORP", async () => {
    const dist = fs.mkdtempSync('/tmp/oj-web-');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/app-Ab12Cd34.js'), 'console.log(1);');
    const web = await buildApp({ ctx: { ...t.ctx, ...newExtensionPoints() }, webDist: dist });
    try {
      const set = helmetHeaders(HELMET_OPTIONS);
      expect(Object.keys(set).length).toBeGreaterThan(10);
      for (const url of ['/api/get-website-config', '/api/no-such-route', '/problem/1', '/']) {
        const res = await web.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(set))
          expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
      const asset = await web.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['strict-transport-security']).toBeUndefined();
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await web.close();
    }
  });
});

describe('helmetHeaders', () => {
  it('is exactly what helmet sets on a real request and response (docs/security.md: why not @fastify/helmet)', async () => {
    // helmet's own middleware, built once, on a real Node request: a future helmet that reads the request or sets
    // a header per request makes the two differ.
    const middleware = helmet(HELMET_OPTIONS);
    const server = http.createServer((req, res) =>
      middleware(req, res, (err?: unknown) => res.end(err ? 'failed' : 'ok')),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/problem/1?x=1`, { headers: { accept: 'text/html' } });
      expect(await res.text()).toBe('ok');
      const set: Record<string, string> = {};
      const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
      res.headers.forEach((value, name) => {
        if (!transport.has(name)) set[name] = value;
      });
      expect(set).toEqual(helmetHeaders(HELMET_OPTIONS));
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('deleting a problem', () => {
  it('refuses to delete a problem with submissions (400, they stay) and deletes one without', async () => {
    await call(t.app, {
      method: 'PUT',
      url: '/api/admin/switch/update',
      token: root,
      payload: { defaultSubmitInterval: 0 },
    });
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: root,
      payload: problemPayload('DEL1'),
    });
    const pid = made.body.data.pid as number;
    const sub = await call(t.app, {
      method: 'POST',
      url: '/api/submit-problem-judge',
      token: user.token,
      payload: { pid: 'DEL1', language: 'C', code: 'int main(){return 0;}' },
    });
    expect(sub.code).toBe(200);
    const del = await call(t.app, { method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, token: root });
    expect(del.code).toBe(400);
    expect(del.body.msg).toContain('private');
    const still = await call(t.app, {
      method: 'GET',
      url: `/api/get-submission-detail?submitId=${sub.body.data.submitId}`,
      token: user.token,
    });
    expect(still.code).toBe(200);

    const empty = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: root,
      payload: problemPayload('DEL2'),
    });
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/problem?pid=${empty.body.data.pid}`,
      token: root,
    });
    expect(gone.code).toBe(200);
    expect(await t.ctx.db.select().from(problems).where(eq(problems.id, empty.body.data.pid))).toEqual([]);
  });
});

describe('session lifetime', () => {
  /** A session of `user` signed in `ageDays` ago whose token expires in `expiresInDays`. */
  async function agedSession(ageDays: number, expiresInDays: number) {
    const token = await createSession(t.ctx, user.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
    const sid = String(decodeJwt(token).sid);
    const expiresAt = new Date(Date.now() + expiresInDays * DAY);
    await t.ctx.db
      .update(sessions)
      .set({ gmtCreate: new Date(Date.now() - ageDays * DAY), expiresAt })
      .where(eq(sessions.id, sid));
    const secret = new TextEncoder().encode(t.ctx.env.OJ_JWT_SECRET);
    const aged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uid)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
    return { sid, token: aged };
  }

  it('stops accepting a session 30 days after sign-in, however often it was refreshed', async () => {
    const s = await agedSession(31, 5);
    const res = await call(t.app, { method: 'GET', url: '/api/get-user-auth-info', token: s.token });
    expect(res.code).toBe(401);
  });

  it('refreshes a token at most up to 30 days after sign-in', async () => {
    const s = await agedSession(28, 1);
    const res = await call(t.app, { method: 'GET', url: '/api/get-user-auth-info', token: s.token });
    expect(res.code).toBe(200);
    const refreshed = String(res.headers.authorization);
    const exp = Number(decodeJwt(refreshed).exp) * 1000;
    const end = Date.now() - 28 * DAY + SESSION_MAX_AGE_S * 1000;
    expect(exp).toBeLessThanOrEqual(end + 5000);
    expect(exp).toBeGreaterThan(Date.now() + 1.5 * DAY);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, s.sid));
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(end + 5000);
  });

  it('still slides a young session by 7 days', async () => {
    const s = await agedSession(1, 1);
    const res = await call(t.app, { method: 'GET', url: '/api/get-user-auth-info', token: s.token });
    const exp = Number(decodeJwt(String(res.headers.authorization)).exp) * 1000;
    expect(exp).toBeGreaterThan(Date.now() + 6.9 * DAY);
  });
});
