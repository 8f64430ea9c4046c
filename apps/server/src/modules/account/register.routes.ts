import { checkUsernameOrEmailBody, emailField, LIMITS, Role, registerBody } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { sendMail } from '../mail/mail.service.js';
import { consumeCode, issueCode, sixDigitCode, withdrawCode } from './codes.js';
import { hashPassword } from './password.js';
import { IP_LIMITS } from './rate-limit.js';
import { findByEmail, findByUsername, isUniqueViolation } from './user-info.js';

async function assertRegisterOpen(ctx: AppContext): Promise<void> {
  if (!(await ctx.config.get('website')).register) {
    throw forbidden('account.registerClosed');
  }
}

/** Registration (doc 1 §2.4, §4, §5, §7): email code, availability check, account creation. */
const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/get-register-code?email= : mails a 6-digit code valid 10 minutes (logged when no SMTP is set).
   * 403 registration closed, 400 bad or taken email, 429 within 60 s of the last code for that email,
   * 503 when the SMTP server fails. Answers `{ email }`.
   */
  app.get(
    '/get-register-code',
    { schema: { querystring: z.object({ email: emailField }) }, config: { rateLimit: IP_LIMITS.mail } },
    async (req) => {
      const ctx = app.ctx;
      await assertRegisterOpen(ctx);
      const email = req.query.email.toLowerCase();
      if (await findByEmail(ctx, email)) throw badRequest('account.emailExists');
      const code = sixDigitCode();
      const id = await issueCode(ctx, {
        purpose: 'register',
        target: email,
        code,
        resendMs: LIMITS.registerResendSeconds * 1000,
      });
      const site = await ctx.config.get('website');
      try {
        await sendMail(ctx, req.log, {
          to: email,
          subject: `${site.shortName}: your registration code`,
          text: `Your registration code for ${site.name} is ${code}. It is valid for 10 minutes.`,
          html: `<p>Your registration code for ${site.name} is <b>${code}</b>.</p><p>It is valid for 10 minutes.</p>`,
        });
      } catch (e) {
        await withdrawCode(ctx, id);
        throw e;
      }
      return ok({ email }, 'The code has been sent to your email, please check it');
    },
  );

  /** POST /api/check-username-or-email {username?, email?} -> `{ username: exists, email: exists }`. */
  app.post(
    '/check-username-or-email',
    { schema: { body: checkUsernameOrEmailBody }, config: { rateLimit: IP_LIMITS.account } },
    async (req) => {
      const { username, email } = req.body;
      return ok({
        username: username ? Boolean(await findByUsername(app.ctx, username)) : false,
        email: email ? Boolean(await findByEmail(app.ctx, email)) : false,
      });
    },
  );

  /**
   * POST /api/register {username, password, email, code}: creates a default user (role 1002). Username and email
   * are unique case-insensitively (400 account.usernameExists / account.emailExists); the code must be the live one for the
   * email (400 otherwise, 5 tries). 403 when registration is closed.
   */
  app.post(
    '/register',
    { schema: { body: registerBody }, config: { rateLimit: IP_LIMITS.account } },
    async (req) => {
      const ctx = app.ctx;
      await assertRegisterOpen(ctx);
      const { username, password, code } = req.body;
      const email = req.body.email.toLowerCase();
      if (await findByUsername(ctx, username)) throw badRequest('account.usernameExists');
      if (await findByEmail(ctx, email)) throw badRequest('account.emailExists');
      await consumeCode(ctx, { purpose: 'register', target: email, code });
      try {
        await ctx.db.insert(users).values({
          username,
          email,
          passwordHash: await hashPassword(password),
          role: Role.USER,
          nickname: '',
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest('account.usernameOrEmailExists');
        throw e;
      }
      return ok(null, 'Thanks for registering, you can login now');
    },
  );
};

export default registerRoutes;
