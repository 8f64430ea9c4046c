import { loginBody } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { endSessions, needLogin, requireUser } from '../../plugins/auth.js';
import { login } from './login.service.js';
import { IP_LIMITS } from './rate-limit.js';
import { getUser, roleNames, toUserInfo } from './user-info.js';

/** Sign-in, sign-out and the session's identity (doc 1 §4, §7). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/login {username, password} -> user info; the token in the `Authorization` response header.
   * 400 wrong credentials or malformed body (naming the field), 403 disabled account, 429 locked after 5 failures
   * for the username (5 minutes) or too many tries from one address.
   */
  app.post(
    '/login',
    { schema: { body: loginBody }, config: { rateLimit: IP_LIMITS.login } },
    async (req, reply) => ok(await login(app.ctx, req, reply, req.body), 'Welcome back'),
  );

  /**
   * GET /api/logout: ends the caller's session, which revokes its token. Idempotent: without a (valid) token it
   * still answers 200, so a client whose token already expired can log out without a 401 detour.
   */
  app.get('/logout', async (req) => {
    if (req.user) await endSessions(app.ctx, { sid: req.user.sid });
    return ok(null, 'Logged out');
  });

  /**
   * GET /api/get-user-auth-info -> `{ roles, permissions }` (role names; permissions empty) plus the user info.
   * 401 when not signed in.
   */
  app.get('/get-user-auth-info', { onRequest: needLogin }, async (req) => {
    const u = await getUser(app.ctx, requireUser(req).uid);
    return ok({ ...toUserInfo(u), roles: roleNames(u.role), permissions: [] as string[] });
  });
};

export default sessionRoutes;
