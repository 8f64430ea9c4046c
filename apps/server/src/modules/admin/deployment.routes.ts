import os from 'node:os';
import type { DeploymentConfig } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { needRoot } from '../../plugins/auth.js';
import { judgeServerList } from '../judge/judge.servers.js';

/** What the password of a database URL is shown as. */
const MASK = '******';

/**
 * The datasource section from DATABASE_URL: the URL with its password masked and its query (which may carry
 * more secrets, e.g. sslpassword) dropped, and its parts; an embedded database has no URL.
 */
export function datasourceOf(ctx: AppContext): DeploymentConfig['datasource'] {
  const raw = ctx.env.DATABASE_URL;
  const none = { url: null, host: null, port: null, database: null, username: null };
  if (!raw) return { kind: ctx.dbKind, fromUrl: false, ...none };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { kind: ctx.dbKind, fromUrl: true, ...none };
  }
  const username = decodeURIComponent(u.username) || null;
  const auth = u.username ? `${u.username}${u.password ? `:${MASK}` : ''}@` : '';
  return {
    kind: ctx.dbKind,
    fromUrl: true,
    url: `${u.protocol}//${auth}${u.host}${u.pathname}`,
    host: u.hostname || null,
    port: u.port ? Number(u.port) : null,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || null,
    username,
  };
}

/**
 * System Config's read-only sections (doc 3 System Config "mobile", "datasource", "judge"): what the deployment
 * (environment and judgehosts) fixes, shown to the super admin, never a password or token.
 */
const deploymentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/config/get-deployment-config -> DeploymentConfig (super admin; 401 / 403 otherwise). */
  app.get('/admin/config/get-deployment-config', { onRequest: needRoot }, async () => {
    const ctx = app.ctx;
    const [hosts, sw] = await Promise.all([judgeServerList(ctx), ctx.config.get('switch')]);
    const data: DeploymentConfig = {
      datasource: datasourceOf(ctx),
      judge: {
        embeddedWorkers: ctx.env.OJ_EMBEDDED_JUDGE_WORKERS ?? os.availableParallelism(),
        tokenFromEnv: Boolean(ctx.env.OJ_JUDGE_TOKEN),
        judgehostsOnline: hosts.filter((h) => h.online).length,
        judgehostsTotal: hosts.length,
        openPublicJudge: sw.openPublicJudge,
        openGroupJudge: sw.openGroupJudge,
        openContestJudge: sw.openContestJudge,
        defaultSubmitInterval: sw.defaultSubmitInterval,
      },
      sms: { provider: null },
    };
    return ok(data);
  });
};

export default deploymentRoutes;
