import { loginBody } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { endSessions, needAdmin, requireUser } from '../../plugins/auth.js';
import { login } from '../account/login.service.js';
import { IP_LIMITS, useRateLimit } from '../account/rate-limit.js';
import { dashboardInfo, listSessions } from './dashboard.service.js';
import deploymentRoutes from './deployment.routes.js';
import roleAuthRoutes from './role-auth.js';
import serviceInfoRoutes from './service-info.routes.js';

/** The admin back office's own sign-in and dashboard (doc 3 §2 "Dashboard", §7 "login and logout"). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimit(app);
  await app.register(serviceInfoRoutes);
  await app.register(deploymentRoutes);
  await app.register(roleAuthRoutes);

  /**
   * POST /api/admin/login {username, password} -> user info, token in the `Authorization` header. The same
   * checks and throttle as /api/login, and 403 "Please login first by admin account" for non-admin accounts.
   */
  app.post(
    '/admin/login',
    { schema: { body: loginBody }, config: { rateLimit: IP_LIMITS.login } },
    async (req, reply) => ok(await login(app.ctx, req, reply, req.body, true), 'Welcome back'),
  );

  /** GET /api/admin/logout: ends the caller's session; 200 even without a valid token (idempotent). */
  app.get('/admin/logout', async (req) => {
    if (req.user) await endSessions(app.ctx, { sid: req.user.sid });
    return ok(null, 'Logged out');
  });

  /** GET /api/admin/dashboard/get-dashboard-info -> DashboardInfo. Any admin role (403 otherwise). */
  app.get('/admin/dashboard/get-dashboard-info', { onRequest: needAdmin }, async () =>
    ok(await dashboardInfo(app.ctx)),
  );

  /**
   * GET /api/admin/dashboard/get-sessions -> the caller's live sessions, newest first. Any admin role. Also POST,
   * as HOJ's client sends it: its body (the caller's uid as a form-encoded string, or anything else) is not read,
   * so this route alone takes any content type (docs/api-admin.md "HOJ client compatibility").
   */
  await app.register(async (sessions) => {
    sessions.removeAllContentTypeParsers();
    sessions.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, undefined),
    );
    sessions.route({
      method: ['GET', 'POST'],
      url: '/admin/dashboard/get-sessions',
      onRequest: needAdmin,
      handler: async (req) => ok(await listSessions(app.ctx, requireUser(req))),
    });
  });
};

export default adminRoutes;
