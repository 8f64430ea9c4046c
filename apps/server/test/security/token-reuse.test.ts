import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { createSession } from '../../src/plugins/auth.js';
import { SESSION_CACHE_MS } from '../../src/plugins/session-cache.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

// The auth plugin checks a token's signature once and reuses its claims for the same token text (plugins/auth.ts
// verifyToken): reuse must never let an expired, forged or ended token in.

let t: TestApp;
let user: { uid: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t.ctx, 'reuser', Role.USER);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const whoAmI = (token: string) => call(t.app, { method: 'GET', url: '/api/get-user-auth-info', token });

/** A token of `sid` for `uid` signed with `secret`, expiring at `exp` (s since epoch). */
function sign(secret: string, uid: string, sid: string, exp: number) {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

describe('reused token claims', () => {
  it('refuse a verified token once its exp has passed', async () => {
    const token = await createSession(t.ctx, user.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
    const sid = String(decodeJwt(token).sid);
    const exp = Math.floor(Date.now() / 1000) + 30;
    const short = await sign(String(t.ctx.env.OJ_JWT_SECRET), user.uid, sid, exp);
    expect((await whoAmI(short)).code).toBe(200); // verified and kept
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    try {
      expect((await whoAmI(short)).code).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuse a token with the same claims but another signature, after the genuine one was accepted', async () => {
    expect((await whoAmI(user.token)).code).toBe(200);
    const { sid, exp } = decodeJwt(user.token) as { sid: string; exp: number };
    const forged = await sign('not-the-secret-at-all-0123456789', user.uid, sid, exp);
    expect((await whoAmI(forged)).code).toBe(401);
    const [head, body, sig] = user.token.split('.');
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
    expect((await whoAmI(flipped)).code).toBe(401);
    expect((await whoAmI(user.token)).code).toBe(200);
  });

  it('refuse a verified token whose session ended', async () => {
    const token = await createSession(t.ctx, user.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
    expect((await whoAmI(token)).code).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/logout', token })).code).toBe(200);
    expect((await whoAmI(token)).code).toBe(401);
    // Ended behind the server's back (no forget): refused once the session row is read again.
    const other = await createSession(t.ctx, user.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
    expect((await whoAmI(other)).code).toBe(200);
    await t.ctx.db.delete(sessions).where(eq(sessions.id, String(decodeJwt(other).sid)));
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    expect((await whoAmI(other)).code).toBe(401);
  });
});
