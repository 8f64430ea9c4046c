import { hash, verify } from '@node-rs/argon2';
import { isAdminRole, LIMITS, type UserInfo } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { loginFailures, users } from '../../db/schema/index.js';
import { badRequest, forbidden, tooMany } from '../../lib/errors.js';
import { createSession, setTokenHeader } from '../../plugins/auth.js';
import { findByUsername, toUserInfo, type UserRow } from './user-info.js';

/** Message for a wrong username or password (doc 3 §5: Please_check_your_username_or_password). */
export const BAD_CREDENTIALS = 'Please check your username or password';

let dummyHash: Promise<string> | null = null;
/** A hash to verify against when the username does not exist, so both cases take the same time. */
function timingDummy(): Promise<string> {
  dummyHash ??= hash('no-such-user-password');
  return dummyHash;
}

/** Throws 429 while the username is locked after LIMITS.loginMaxFailures failures (doc 1 §4, §9). */
async function assertNotLocked(ctx: AppContext, key: string): Promise<void> {
  const [row] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.username, key)).limit(1);
  const until = row?.lockedUntil?.getTime() ?? 0;
  if (until > Date.now()) {
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw tooMany(
      `Too many failed logins for this account, please try again in ${minutes} minute${minutes > 1 ? 's' : ''}`,
    );
  }
}

/** Counts one failure for the username; the LIMITS.loginMaxFailures-th locks it for LIMITS.loginLockSeconds. */
async function recordFailure(ctx: AppContext, key: string): Promise<void> {
  const now = new Date();
  // A lock that has run out starts a fresh count.
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ username: key, failures: 1, lockedUntil: null, gmtModified: now })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`case when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now}
          then 1 else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now}
          then null else ${loginFailures.lockedUntil} end`,
        gmtModified: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  if (row && row.failures >= LIMITS.loginMaxFailures) {
    await ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(now.getTime() + LIMITS.loginLockSeconds * 1000) })
      .where(eq(loginFailures.username, key));
  }
}

/**
 * Checks a username and password with the server-side throttle: 429 while locked (even with the right password),
 * 400 BAD_CREDENTIALS on a mismatch (counted), 403 for a disabled account. A success clears the failure count.
 * Returns the user row.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<UserRow> {
  const key = username.trim().toLowerCase();
  await assertNotLocked(ctx, key);
  const user = await findByUsername(ctx, key);
  let good = false;
  try {
    good = await verify(user?.passwordHash ?? (await timingDummy()), password);
  } catch {
    good = false;
  }
  if (!user || !good) {
    await recordFailure(ctx, key);
    throw badRequest(BAD_CREDENTIALS);
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.username, key));
  if (user.status !== 0) throw forbidden('Your account has been disabled, please contact the administrator');
  return user;
}

/**
 * The login of POST /api/login and POST /api/admin/login (doc 1 §7, doc 3 §7): checks the credentials (and,
 * with `adminOnly`, an admin role: 403 otherwise), records the login time, opens a session and puts its token in
 * the `Authorization` response header. Returns the user info.
 */
export async function login(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { username: string; password: string },
  adminOnly = false,
): Promise<UserInfo> {
  const user = await checkCredentials(ctx, body.username, body.password);
  if (adminOnly && !isAdminRole(user.role)) throw forbidden('Please login first by admin account');
  const now = new Date();
  await ctx.db.update(users).set({ recentLoginTime: now }).where(eq(users.uid, user.uid));
  setTokenHeader(reply, await createSession(ctx, user.uid, req));
  return toUserInfo({ ...user, recentLoginTime: now });
}
