import { randomBytes } from 'node:crypto';
import { applyResetPasswordBody, LIMITS, resetPasswordBody } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { endSessions } from '../../plugins/auth.js';
import { escapeHtml, sendMail } from '../mail/mail.service.js';
import { checkCaptcha, consumeCode, createCaptcha, issueCode, withdrawCode } from './codes.js';
import { clearFailures } from './login-throttle.js';
import { hashPassword } from './password.js';
import { IP_LIMITS } from './rate-limit.js';
import { findByEmail, findByUsername } from './user-info.js';

/** Password reset by mail (doc 1 §2.4, §4, §5, §7). */
const resetRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/captcha -> `{ img: SVG data URL, captchaKey }`; the answer stays on the server 5 minutes, one use. */
  app.get('/captcha', { config: { rateLimit: IP_LIMITS.account } }, async () =>
    ok(await createCaptcha(app.ctx)),
  );

  /**
   * POST /api/apply-reset-password {email, captcha, captchaKey}: checks the captcha on the server (400 wrong or
   * expired), then the email (400 "The email does not exist"), then mails a link
   * `<baseUrl>/reset-password?username=..&code=..` valid 10 minutes. 429 within 90 s of the last mail.
   */
  app.post(
    '/apply-reset-password',
    { schema: { body: applyResetPasswordBody }, config: { rateLimit: IP_LIMITS.mail } },
    async (req) => {
      const ctx = app.ctx;
      const { email, captcha, captchaKey } = req.body;
      await checkCaptcha(ctx, captchaKey, captcha);
      const user = await findByEmail(ctx, email);
      if (!user) throw badRequest('account.emailUnknown');
      const code = randomBytes(24).toString('base64url');
      const id = await issueCode(ctx, {
        purpose: 'reset',
        target: user.uid,
        code,
        resendMs: LIMITS.resetResendSeconds * 1000,
      });
      const site = await ctx.config.get('website');
      const base = site.baseUrl.replace(/\/+$/, '');
      const link = `${base}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
      try {
        await sendMail(ctx, req.log, {
          to: user.email ?? email,
          subject: `${site.shortName}: reset your password`,
          text: `Hello ${user.username},\n\nopen this link within 10 minutes to set a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
          html: `<p>Hello ${escapeHtml(user.username)},</p><p>open <a href="${escapeHtml(link)}">this link</a> within 10 minutes to set a new password:</p><p>${escapeHtml(link)}</p><p>If you did not ask for this, ignore this mail.</p>`,
        });
      } catch (e) {
        await withdrawCode(ctx, id);
        throw e;
      }
      return ok(null, 'The reset link has been sent to your email, please check it');
    },
  );

  /**
   * POST /api/reset-password {username, password, code}: sets the new password when the code of the mailed link
   * is live (400 otherwise; 400 "The username does not exist"), ends every session of the user and clears the
   * login lock. Message: Your password has been reset.
   */
  app.post(
    '/reset-password',
    { schema: { body: resetPasswordBody }, config: { rateLimit: IP_LIMITS.account } },
    async (req) => {
      const ctx = app.ctx;
      const user = await findByUsername(ctx, req.body.username);
      if (!user) throw badRequest('account.usernameUnknown');
      await consumeCode(ctx, { purpose: 'reset', target: user.uid, code: req.body.code });
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(req.body.password), gmtModified: sql`now()` })
        .where(eq(users.uid, user.uid));
      await endSessions(ctx, { uid: user.uid });
      await clearFailures(ctx, user.username.toLowerCase());
      return ok(null, 'Your password has been reset');
    },
  );
};

export default resetRoutes;
