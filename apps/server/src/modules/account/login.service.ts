import { isAdminRole, type LoginRefusal, type MessageKey, type UserInfo, UserStatus } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { AppError, forbidden, tooMany } from '../../lib/errors.js';
import { createSession, setTokenHeader } from '../../plugins/auth.js';
import { checkCaptcha } from './codes.js';
import { recordFailure, recordSuccess, throttleState } from './login-throttle.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { signInQueue } from './signin-queue.js';
import { findByUsername, toUserInfo, type UserRow } from './user-info.js';

let dummyHash: Promise<string> | null = null;
/** A hash to verify against when the username does not exist, so both cases take the same time. */
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('no-such-user-password');
  return dummyHash;
}

/** The captcha of an attempt (loginBody's optional fields). */
export interface LoginCaptcha {
  captcha?: string;
  captchaKey?: string;
}

/** 400 with `data.needCaptcha` so the client shows the captcha (LoginRefusal). */
const refusal = (key: MessageKey, needCaptcha: boolean) =>
  new AppError(400, key, {}, { needCaptcha } satisfies LoginRefusal);

/**
 * Checks a username and password from address `ip` with the server-side throttle (login-throttle.ts): 429 while
 * this address is locked out of the username (even with the right password); 400 with data.needCaptcha when the
 * account is under attack from elsewhere and the attempt lacks a right captcha (`c`); 400 account.badCredentials on a
 * mismatch (counted; data.needCaptcha says whether the next attempt needs one); 403 for a disabled account.
 * A success clears this address's count and remembers the address, and replaces a stored hash weaker than the
 * policy (password.ts needsRehash). Runs in the sign-in queue (signin-queue.ts): 429 account.signInBusy
 * {seconds} at once when it is saturated. Returns the user row.
 */
export function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
  c: LoginCaptcha = {},
): Promise<UserRow> {
  return signInQueue.run(() => checkNow(ctx, username, password, ip, c));
}

/** checkCredentials without the queue. */
async function checkNow(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
  c: LoginCaptcha,
): Promise<UserRow> {
  const key = username.trim().toLowerCase();
  const user = await findByUsername(ctx, key);
  const state = await throttleState(ctx, key, ip, user?.uid ?? null);
  if (state.lockedUntil) {
    const minutes = Math.max(1, Math.ceil((state.lockedUntil.getTime() - Date.now()) / 60_000));
    throw tooMany('account.loginLocked', { minutes });
  }
  if (state.needCaptcha) {
    if (!c.captcha || !c.captchaKey) {
      throw refusal('account.captchaNeeded', true);
    }
    try {
      await checkCaptcha(ctx, c.captchaKey, c.captcha);
    } catch (e) {
      if (e instanceof AppError) throw new AppError(400, e.msgKey, e.msgParams, { needCaptcha: true });
      throw e;
    }
  }
  const good = await verifyPassword(user?.passwordHash ?? (await timingDummy()), password);
  if (!user || !good) {
    const next = await recordFailure(ctx, key, ip, user?.uid ?? null);
    throw refusal('account.badCredentials', next.needCaptcha);
  }
  await recordSuccess(ctx, key, ip, user.uid);
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await ctx.db.update(users).set({ passwordHash }).where(eq(users.uid, user.uid));
  }
  if (user.status !== UserStatus.NORMAL) throw forbidden('account.disabled');
  return user;
}

/**
 * The login of POST /api/login and POST /api/admin/login (doc 1 §7, doc 3 §7): checks the credentials from the
 * request's address (and,
 * with `adminOnly`, an admin role: 403 otherwise), records the login time, opens a session and puts its token in
 * the `Authorization` response header, all in the sign-in queue (429 account.signInBusy when saturated). Returns the
 * user info.
 */
export function login(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { username: string; password: string } & LoginCaptcha,
  adminOnly = false,
): Promise<UserInfo> {
  // The session is opened inside the queue too, so an admitted sign-in is never overtaken by a later one.
  return signInQueue.run(async () => {
    const user = await checkNow(ctx, body.username, body.password, req.ip, body);
    if (adminOnly && !isAdminRole(user.role)) throw forbidden('common.adminLoginFirst');
    const now = new Date();
    await ctx.db.update(users).set({ recentLoginTime: now }).where(eq(users.uid, user.uid));
    setTokenHeader(reply, await createSession(ctx, user.uid, req));
    return toUserInfo({ ...user, recentLoginTime: now });
  });
}
