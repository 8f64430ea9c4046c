import { createHash } from 'node:crypto';
import { UserStatus } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext, SessionUser } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { checkCredentials } from '../account/login.service.js';
import { type ClicsView, openClicsContest } from './clics.view.js';

/**
 * Who calls the CLICS API (ccs-specs 2026-01 "Authentication"): HTTP Basic with a site account, checked exactly as
 * the login checks it (login.service checkCredentials: argon2, the per-address throttle and lock-out), or the
 * session token the rest of the API takes; no credentials is the public view. A successful Basic check is
 * remembered for a few minutes (keyed by a hash of the header, kept only while the account's password hash and
 * status are unchanged), so a contest tool polling many endpoints does not pay a password hash per request.
 */

const REMEMBER_MS = 5 * 60_000;
const REMEMBER_MAX = 1000;
/** Remembered Basic checks: dropped REMEMBER_MS after the check, the least recently used past REMEMBER_MAX. */
const remembered = new LRUCache<string, { uid: string; passwordHash: string }>({
  max: REMEMBER_MAX,
  ttl: REMEMBER_MS,
});

/** The challenge sent with every 401 of this API. */
export const WWW_AUTHENTICATE = 'Basic realm="CLICS Contest API", charset="UTF-8"';

/** Decodes `Basic base64(username:password)`; null when the header is not Basic; 401 when it is malformed. */
function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const text = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0 || text.length > 1000) throw unauthorized('account.badCredentials');
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

async function userByUid(ctx: AppContext, uid: string) {
  const [u] = await ctx.db
    .select({
      uid: users.uid,
      username: users.username,
      role: users.role,
      status: users.status,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  return u ?? null;
}

/**
 * The caller of a CLICS request: the Basic account (401 `account.badCredentials` with a wrong or malformed
 * password, or while the account asks for a captcha; 429 while this address is locked out; 403 for a disabled
 * account), else the session user, else null (public). Returns a SessionUser without a session id for Basic.
 */
export async function clicsUser(ctx: AppContext, req: FastifyRequest): Promise<SessionUser | null> {
  const basic = basicCredentials(req.headers.authorization);
  if (!basic) return req.user;
  const key = createHash('sha256')
    .update(req.headers.authorization ?? '')
    .digest('hex');
  const hit = remembered.get(key);
  if (hit) {
    const u = await userByUid(ctx, hit.uid);
    if (u && u.passwordHash === hit.passwordHash && u.status === UserStatus.NORMAL) {
      return { uid: u.uid, username: u.username, role: u.role, sid: '' };
    }
    remembered.delete(key);
  }
  let row: Awaited<ReturnType<typeof checkCredentials>>;
  try {
    row = await checkCredentials(ctx, basic.username, basic.password, req.ip);
  } catch (e) {
    // The login's 400 refusals (wrong password, captcha needed: Basic cannot answer one) are a 401 here.
    if (e instanceof AppError && e.statusCode === 400) throw unauthorized('account.badCredentials');
    throw e;
  }
  remembered.set(key, { uid: row.uid, passwordHash: row.passwordHash });
  return { uid: row.uid, username: row.username, role: row.role, sid: '' };
}

/** The caller's view of contest `cid` (clicsUser, then clics.view openClicsContest: 404 when not theirs to see). */
export async function clicsViewOf(ctx: AppContext, req: FastifyRequest, cid: number): Promise<ClicsView> {
  return openClicsContest(ctx, await clicsUser(ctx, req), cid);
}
