import { LIMITS } from '@oj/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginAddresses, loginFailures } from '../../db/schema/index.js';

/**
 * The server-side login throttle (doc 1 §4, §9; issue 8 finding 6). Failures are counted per username (lower
 * case) and client address, and decay: a count restarts after LIMITS.loginFailureWindowSeconds without a failure.
 * - LIMITS.loginMaxFailures failures from one address lock THAT address out of the username for
 *   LIMITS.loginLockSeconds (the spec's throttle); other addresses are not locked.
 * - When the username has that many recent failures from all addresses together, every other address must answer
 *   a server-checked captcha, except addresses that signed in to the account before.
 */

const windowStart = () => new Date(Date.now() - LIMITS.loginFailureWindowSeconds * 1000);

/** Where a login attempt stands before its password is checked. */
export interface ThrottleState {
  /** Lock of this (username, address) still running, or null. */
  lockedUntil: Date | null;
  /** The attempt must carry a right captcha. */
  needCaptcha: boolean;
}

/** True when the username's recent failures from all addresses reach LIMITS.loginMaxFailures. */
async function underAttack(ctx: AppContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${loginFailures.failures}), 0)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key), gt(loginFailures.gmtModified, windowStart())));
  return Number(row?.n ?? 0) >= LIMITS.loginMaxFailures;
}

/** True when `ip` signed in to the account `uid` before. */
async function isKnownAddress(ctx: AppContext, uid: string | null, ip: string): Promise<boolean> {
  if (!uid) return false;
  const rows = await ctx.db
    .select({ uid: loginAddresses.uid })
    .from(loginAddresses)
    .where(and(eq(loginAddresses.uid, uid), eq(loginAddresses.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The throttle state of an attempt on username `key` (lower case) from `ip`, for the account `uid` (null when no
 * such user: never a known address).
 */
export async function throttleState(
  ctx: AppContext,
  key: string,
  ip: string,
  uid: string | null,
): Promise<ThrottleState> {
  const [row] = await ctx.db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key), eq(loginFailures.ip, ip)));
  const lockedUntil = row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
  const needCaptcha = (await underAttack(ctx, key)) && !(await isKnownAddress(ctx, uid, ip));
  return { lockedUntil, needCaptcha };
}

/**
 * Counts one failure for (`key`, `ip`): a count whose lock ran out, or whose last failure is older than the decay
 * window, starts again at 1; the LIMITS.loginMaxFailures-th locks the address for LIMITS.loginLockSeconds.
 * Forgets counts idle for twice the window. Returns whether the next attempt from `ip` will need a captcha
 * (`uid`: the account, null when unknown).
 */
export async function recordFailure(
  ctx: AppContext,
  key: string,
  ip: string,
  uid: string | null,
): Promise<{ needCaptcha: boolean }> {
  const now = new Date();
  const fresh = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now})
    or ${loginFailures.gmtModified} <= ${windowStart()}`;
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ username: key, ip, failures: 1, lockedUntil: null, gmtModified: now })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.ip],
      set: {
        failures: sql`case when ${fresh} then 1 else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${fresh} then null else ${loginFailures.lockedUntil} end`,
        gmtModified: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  if (row && row.failures >= LIMITS.loginMaxFailures) {
    await ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(now.getTime() + LIMITS.loginLockSeconds * 1000) })
      .where(and(eq(loginFailures.username, key), eq(loginFailures.ip, ip)));
  }
  const idle = new Date(now.getTime() - 2 * LIMITS.loginFailureWindowSeconds * 1000);
  await ctx.db.delete(loginFailures).where(lt(loginFailures.gmtModified, idle));
  return { needCaptcha: (await underAttack(ctx, key)) && !(await isKnownAddress(ctx, uid, ip)) };
}

/** A successful login from `ip`: clears that address's failure count and remembers it as known for `uid`. */
export async function recordSuccess(ctx: AppContext, key: string, ip: string, uid: string): Promise<void> {
  await ctx.db.delete(loginFailures).where(and(eq(loginFailures.username, key), eq(loginFailures.ip, ip)));
  await ctx.db
    .insert(loginAddresses)
    .values({ uid, ip })
    .onConflictDoUpdate({ target: [loginAddresses.uid, loginAddresses.ip], set: { lastLogin: new Date() } });
}

/** Forgets every failure of a username (after a password reset). */
export async function clearFailures(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.username, key));
}
