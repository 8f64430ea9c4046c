import { LIMITS, type MessageKey } from '@oj/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError, tooMany } from '../../lib/errors.js';

/**
 * The throttle of the secrets a signed-in user types to get in (issue 23 §2b): contest and training passwords and
 * group invitation codes could be guessed at 120 a second. It is the sign-in throttle's mechanism and table
 * (login-throttle.ts, `login_failures`): wrong attempts are counted per user (any address) and per client address
 * (any user), a count restarts after LIMITS.loginFailureWindowSeconds without an attempt, and past
 * LIMITS.secretMaxFailuresPerUser / secretMaxFailuresPerAddress the user / address is locked out of every secret
 * for LIMITS.loginLockSeconds: 429 "Too many wrong passwords or codes…" with Retry-After.
 *
 * An attempt is counted before the secret is compared, so parallel guesses cannot all pass the check, and given
 * back when it was not a wrong secret (right, or refused for another reason). The rows' keys cannot be usernames:
 * they start with `#` (not in USERNAME_PATTERN), so the sign-in throttle never reads them.
 */

interface Counter {
  username: string;
  ip: string;
  max: number;
}

const counters = (uid: string, ip: string): Counter[] => [
  { username: `#secret-user:${uid}`, ip: '*', max: LIMITS.secretMaxFailuresPerUser },
  { username: '#secret-address', ip, max: LIMITS.secretMaxFailuresPerAddress },
];

/**
 * Counts one attempt on `c`; returns the lock's end when the counter is locked (this attempt made it pass its
 * maximum, or a lock is running), else null.
 */
async function charge(ctx: AppContext, c: Counter, now: Date): Promise<Date | null> {
  const lf = loginFailures;
  const windowStart = new Date(now.getTime() - LIMITS.loginFailureWindowSeconds * 1000);
  const lockEnd = new Date(now.getTime() + LIMITS.loginLockSeconds * 1000);
  const fresh = sql`((${lf.lockedUntil} is not null and ${lf.lockedUntil} <= ${now}) or ${lf.gmtModified} <= ${windowStart})`;
  const [row] = await ctx.db
    .insert(lf)
    .values({ username: c.username, ip: c.ip, failures: 1, lockedUntil: null, gmtModified: now })
    .onConflictDoUpdate({
      target: [lf.username, lf.ip],
      set: {
        failures: sql`case when ${fresh} then 1 else ${lf.failures} + 1 end`,
        lockedUntil: sql`case when ${fresh} then null::timestamptz
          when ${lf.failures} + 1 > ${c.max} then coalesce(${lf.lockedUntil}, ${lockEnd}::timestamptz)
          else ${lf.lockedUntil} end`,
        gmtModified: now,
      },
    })
    .returning({ lockedUntil: lf.lockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

/** Gives back one attempt on each of `cs`. */
async function refund(ctx: AppContext, cs: Counter[]): Promise<void> {
  for (const c of cs) {
    await ctx.db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(and(eq(loginFailures.username, c.username), eq(loginFailures.ip, c.ip)));
  }
}

/**
 * Runs `attempt` (a registration or join that compares a secret) for user `uid` from address `ip` under the
 * throttle: 429 `common.tooManyWrongSecrets` {seconds} without running it while the user or the address is locked;
 * an AppError whose key is one of `wrongKeys` (the secret was wrong) keeps the attempt counted, anything else
 * gives it back. Returns what `attempt` returns.
 */
export async function throttleSecret<T>(
  ctx: AppContext,
  uid: string,
  ip: string,
  wrongKeys: readonly MessageKey[],
  attempt: () => Promise<T>,
): Promise<T> {
  const now = new Date();
  const cs = counters(uid, ip);
  const locks: (Date | null)[] = [];
  for (const c of cs) locks.push(await charge(ctx, c, now));
  const idle = new Date(now.getTime() - 2 * LIMITS.loginFailureWindowSeconds * 1000);
  await ctx.db.delete(loginFailures).where(lt(loginFailures.gmtModified, idle));
  const until = Math.max(...locks.map((d) => d?.getTime() ?? 0));
  if (until > 0) {
    // Refused: the counters that did not refuse get their attempt back.
    await refund(
      ctx,
      cs.filter((_, i) => !locks[i]),
    );
    throw tooMany('common.tooManyWrongSecrets', {
      seconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)),
    });
  }
  try {
    const out = await attempt();
    await refund(ctx, cs);
    return out;
  } catch (err) {
    if (!(err instanceof AppError && (wrongKeys as readonly string[]).includes(err.msgKey)))
      await refund(ctx, cs);
    throw err;
  }
}
