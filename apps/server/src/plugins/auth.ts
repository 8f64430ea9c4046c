import { randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { isAdminRole, Role, UserStatus } from '@oj/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AppContext, SessionUser } from '../context.js';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import {
  cachedSession,
  forgetSessions,
  keepSession,
  type SessionRow,
  sharedSessionRead,
} from './session-cache.js';

/** Token lifetime, and the remaining time under which a response carries a refreshed token. */
export const TOKEN_TTL_S = 7 * 24 * 3600;
const REFRESH_BELOW_S = TOKEN_TTL_S / 2;
/**
 * Absolute session lifetime from sign-in (issue 8, finding 11): refreshes never carry a session past it, and a
 * session older than this is no longer accepted; the user signs in again.
 */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/** An imported HMAC key (Web Crypto). */
type HmacKey = Awaited<ReturnType<typeof webcrypto.subtle.importKey>>;

let secretPromise: Promise<HmacKey> | null = null;
let secretFor: AppContext | null = null;

/**
 * The JWT secret as an HMAC-SHA-256 key, imported once (jose would import a raw secret again for every token):
 * OJ_JWT_SECRET, else one generated at first start and kept in the database.
 */
async function jwtSecret(ctx: AppContext): Promise<HmacKey> {
  if (secretFor !== ctx || !secretPromise) {
    secretFor = ctx;
    secretPromise = (async () => {
      let s = ctx.env.OJ_JWT_SECRET;
      if (!s) s = (await ctx.config.get('secret')).jwtSecret;
      if (!s) s = (await ctx.config.set('secret', { jwtSecret: randomBytes(32).toString('hex') })).jwtSecret;
      return webcrypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(s),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      );
    })();
    secretPromise.catch(() => {
      secretPromise = null;
    });
  }
  return secretPromise;
}

/** A verified token's claims: user, session and expiry (s since epoch). */
interface Claims {
  uid: string;
  sid: string;
  exp: number;
}

/** Tokens verified lately, per app, by the whole token text: the signature is checked once per VERIFIED_MS. */
const verifiedOf = new WeakMap<AppContext, LRUCache<string, Claims>>();
const VERIFIED_MS = 60_000;

/**
 * The claims of a token signed with this app's secret and not expired, else null. A verified token's claims are
 * reused (same text, same claims) for VERIFIED_MS, never past its `exp`; the session behind it is checked by the
 * caller on every request all the same (readSession).
 */
async function verifyToken(ctx: AppContext, token: string): Promise<Claims | null> {
  let seen = verifiedOf.get(ctx);
  if (!seen) {
    seen = new LRUCache<string, Claims>({ max: 20_000, ttl: VERIFIED_MS });
    verifiedOf.set(ctx, seen);
  }
  const nowS = Math.floor(Date.now() / 1000);
  const hit = seen.get(token);
  if (hit) return hit.exp > nowS ? hit : null;
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(ctx), { algorithms: ['HS256'] });
    const claims = { uid: String(payload.sub), sid: String(payload.sid), exp: Number(payload.exp) };
    seen.set(token, claims);
    return claims;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

/** Signs a session token expiring at `expiresAt` (default: TOKEN_TTL_S from now). */
async function signToken(ctx: AppContext, uid: string, sid: string, expiresAt?: Date): Promise<string> {
  const exp = Math.floor((expiresAt?.getTime() ?? Date.now() + TOKEN_TTL_S * 1000) / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(await jwtSecret(ctx));
}

/**
 * Creates a session for `uid` and returns its token (HS256 JWT holding uid and session id, valid 7 days).
 * Used by login and admin login (doc 1 §7).
 */
export async function createSession(ctx: AppContext, uid: string, req: FastifyRequest): Promise<string> {
  const sid = randomUUID();
  await ctx.db.insert(sessions).values({
    id: sid,
    uid,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255),
    expiresAt: new Date(Date.now() + TOKEN_TTL_S * 1000),
  });
  return signToken(ctx, uid, sid);
}

/** Ends one session (logout), or every session of a user (password change, disabling), in every server process. */
export async function endSessions(ctx: AppContext, where: { sid?: string; uid?: string }): Promise<void> {
  if (where.sid) await ctx.db.delete(sessions).where(eq(sessions.id, where.sid));
  else if (where.uid) await ctx.db.delete(sessions).where(eq(sessions.uid, where.uid));
  forgetSessions(ctx, where);
}

/**
 * The live session `sid` of user `uid` with its user (null: none, expired or ended); reused for SESSION_CACHE_MS.
 * Concurrent requests of one session that all miss the cache (a page's calls sent at once) share one read
 * (session-cache.ts sharedSessionRead).
 */
function readSession(ctx: AppContext, sid: string, uid: string): Promise<SessionRow | null> {
  const cached = cachedSession(ctx, sid, uid);
  if (cached) return Promise.resolve(cached);
  return sharedSessionRead(ctx, sid, uid, () => readSessionRow(ctx, sid, uid));
}

/** readSession's database read: the session row joined with its user (null: none, expired or ended). */
async function readSessionRow(ctx: AppContext, sid: string, uid: string): Promise<SessionRow | null> {
  const [row] = await ctx.db
    .select({
      uid: users.uid,
      username: users.username,
      role: users.role,
      status: users.status,
      since: sessions.gmtCreate,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.uid))
    .where(and(eq(sessions.id, sid), eq(sessions.uid, uid), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ? { ...row, expiresAt: row.expiresAt.getTime() } : null;
}

function readToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return t.length > 10 && t.length < 2000 ? t : null;
}

/**
 * Reads the token of every request: a valid, unexpired token of a live session of an enabled user sets
 * `req.user`; anything else leaves it null. A token past half its life is refreshed in the `Authorization`
 * response header, up to SESSION_MAX_AGE_S after sign-in; an older session is not accepted.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    const token = readToken(req);
    if (!token) return;
    const ctx = app.ctx;
    const claims = await verifyToken(ctx, token);
    if (!claims) return;
    const { uid, sid, exp } = claims;
    const row = await readSession(ctx, sid, uid);
    const endOfLife = row ? row.since.getTime() + SESSION_MAX_AGE_S * 1000 : 0;
    if (!row || row.status !== UserStatus.NORMAL || endOfLife <= Date.now()) return;
    req.user = { uid: row.uid, username: row.username, role: row.role, sid };
    if (exp - Date.now() / 1000 < REFRESH_BELOW_S) {
      // Slide by TOKEN_TTL_S, never past the session's absolute end; nothing to do when already there.
      const expiresAt = new Date(Math.min(Date.now() + TOKEN_TTL_S * 1000, endOfLife));
      if (expiresAt.getTime() / 1000 - exp < 60) return;
      await ctx.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sid));
      keepSession(ctx, sid, { ...row, expiresAt: expiresAt.getTime() });
      setTokenHeader(reply, await signToken(ctx, uid, sid, expiresAt));
    }
  });
});

/** Puts a token in the `Authorization` response header (exposed to browsers). */
export function setTokenHeader(reply: FastifyReply, token: string): void {
  reply.header('Authorization', token);
  reply.header('Access-Control-Expose-Headers', 'Authorization');
}

/** Returns the signed-in user or throws 401 (doc 1 §8). */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** onRequest hook (before the body is read or validated): 401 when not signed in. */
export async function needLogin(req: FastifyRequest): Promise<void> {
  requireUser(req);
}

/** onRequest hook: 401 when not signed in, 403 unless admin, problem admin or super admin (doc 1 §6). */
export async function needAdmin(req: FastifyRequest): Promise<void> {
  const u = requireUser(req);
  if (!isAdminRole(u.role)) throw forbidden('common.adminLoginFirst');
}

/** onRequest hook: 401 when not signed in, 403 unless super admin (user, announcement, notice, conf, switch). */
export async function needRoot(req: FastifyRequest): Promise<void> {
  const u = requireUser(req);
  if (u.role !== Role.ROOT) throw forbidden('common.rootOnly');
}
