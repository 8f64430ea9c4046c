import {
  changeEmailBody,
  changeMobileBody,
  changePasswordBody,
  changeUserInfoBody,
  emailField,
  LIMITS,
} from '@oj/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { forgetSessions } from '../../plugins/session-cache.js';
import { sendMail } from '../mail/mail.service.js';
import { consumeCode, issueCode, sixDigitCode, withdrawCode } from './codes.js';
import { hashPassword, verifyPassword } from './password.js';
import { IP_LIMITS } from './rate-limit.js';
import { findByEmail, getUser, isUniqueViolation, toUserInfo, type UserRow } from './user-info.js';

/** True when `password` is the user's (password.ts verifyPassword: off the event loop, false on a bad hash). */
const passwordMatches = (u: UserRow, password: string): Promise<boolean> =>
  verifyPassword(u.passwordHash, password);

/** Throws 400 unless `email` is free (or already this user's own). */
async function assertEmailFree(ctx: AppContext, email: string, uid: string): Promise<void> {
  const other = await findByEmail(ctx, email);
  if (other && other.uid !== uid) throw badRequest('account.emailExists');
}

/** Account and user-info settings of the signed-in user (doc 1 §2.9, §5, §7). All need login (401). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/change-password {oldPassword, newPassword}: 400 when the old password is wrong or the new one is
   * the same; on success every other session of the user ends (this one stays).
   */
  app.post(
    '/change-password',
    { schema: { body: changePasswordBody }, onRequest: needLogin },
    async (req) => {
      const me = requireUser(req);
      const u = await getUser(app.ctx, me.uid);
      const { oldPassword, newPassword } = req.body;
      if (oldPassword === newPassword) throw badRequest('account.samePassword');
      if (!(await passwordMatches(u, oldPassword))) throw badRequest('account.oldPasswordWrong');
      await app.ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), gmtModified: sql`now()` })
        .where(eq(users.uid, u.uid));
      await app.ctx.db.delete(sessions).where(and(eq(sessions.uid, u.uid), ne(sessions.id, me.sid)));
      forgetSessions(app.ctx, { uid: u.uid });
      return ok(null, 'The password has been changed');
    },
  );

  /**
   * GET /api/get-change-email-code?email= : mails a 6-digit code for moving the account to `email`. 400 when the
   * email is the current one or taken, 429 within 60 s of the last code, 503 when SMTP fails.
   */
  app.get(
    '/get-change-email-code',
    {
      schema: { querystring: z.object({ email: emailField }) },
      onRequest: needLogin,
      config: { rateLimit: IP_LIMITS.mail },
    },
    async (req) => {
      const ctx = app.ctx;
      const u = await getUser(ctx, requireUser(req).uid);
      const email = req.query.email.toLowerCase();
      if ((u.email ?? '').toLowerCase() === email) throw badRequest('account.sameEmail');
      await assertEmailFree(ctx, email, u.uid);
      const code = sixDigitCode();
      const id = await issueCode(ctx, {
        purpose: 'change-email',
        target: `${u.uid}:${email}`,
        code,
        resendMs: LIMITS.registerResendSeconds * 1000,
      });
      const site = await ctx.config.get('website');
      try {
        await sendMail(ctx, req.log, {
          to: email,
          subject: `${site.shortName}: confirm your new email`,
          text: `Your code to change the email of your ${site.name} account is ${code}. It is valid for 10 minutes.`,
        });
      } catch (e) {
        await withdrawCode(ctx, id);
        throw e;
      }
      return ok({ email }, 'The code has been sent to your email, please check it');
    },
  );

  /**
   * POST /api/change-email {password, newEmail, code} -> new user info. 400 when the password is wrong, the email
   * is the current one or taken, or the code is wrong or expired.
   */
  app.post('/change-email', { schema: { body: changeEmailBody }, onRequest: needLogin }, async (req) => {
    const ctx = app.ctx;
    const u = await getUser(ctx, requireUser(req).uid);
    const email = req.body.newEmail.toLowerCase();
    if (!(await passwordMatches(u, req.body.password))) throw badRequest('account.passwordWrong');
    if ((u.email ?? '').toLowerCase() === email) throw badRequest('account.sameEmail');
    await assertEmailFree(ctx, email, u.uid);
    await consumeCode(ctx, { purpose: 'change-email', target: `${u.uid}:${email}`, code: req.body.code });
    try {
      await ctx.db.update(users).set({ email, gmtModified: sql`now()` }).where(eq(users.uid, u.uid));
    } catch (e) {
      if (isUniqueViolation(e)) throw badRequest('account.emailExists');
      throw e;
    }
    return ok(toUserInfo(await getUser(ctx, u.uid)), 'The email has been changed');
  });

  /**
   * POST /api/change-mobile {password, newMobile} -> new user info (doc 1 §2.9 Account, §5). 400 when the password
   * is wrong, the number is malformed (the schema's message) or the current one. No SMS code: the spec asks for
   * none (docs/api-admin.md "Mobile SMS").
   */
  app.post('/change-mobile', { schema: { body: changeMobileBody }, onRequest: needLogin }, async (req) => {
    const ctx = app.ctx;
    const u = await getUser(ctx, requireUser(req).uid);
    if (!(await passwordMatches(u, req.body.password))) throw badRequest('account.passwordWrong');
    if ((u.mobile ?? '') === req.body.newMobile) throw badRequest('account.sameMobile');
    await ctx.db
      .update(users)
      .set({ mobile: req.body.newMobile, gmtModified: sql`now()` })
      .where(eq(users.uid, u.uid));
    return ok(toUserInfo(await getUser(ctx, u.uid)), 'The mobile number has been changed');
  });

  /**
   * POST /api/change-userInfo {nickname?, realname?, gender?, school?, number?, signature?, github?, blog?,
   * cfUsername?}: updates the given fields (absent ones stay) and answers the new user info.
   */
  app.post(
    '/change-userInfo',
    { schema: { body: changeUserInfoBody }, onRequest: needLogin },
    async (req) => {
      const uid = requireUser(req).uid;
      const patch = Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined));
      if (Object.keys(patch).length > 0) {
        await app.ctx.db
          .update(users)
          .set({ ...patch, gmtModified: sql`now()` })
          .where(eq(users.uid, uid));
      }
      return ok(toUserInfo(await getUser(app.ctx, uid)), 'Updated successfully');
    },
  );
};

export default profileRoutes;
