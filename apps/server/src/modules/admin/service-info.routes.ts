import os from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin } from '../../plugins/auth.js';
import { judgeServerList } from '../judge/judge.servers.js';

/** A share (0..1) as HOJ prints it: two decimals and a percent sign. */
const percent = (share: number) => `${(Math.min(Math.max(share, 0), 1) * 100).toFixed(2)}%`;

/**
 * The back office's service and judge-server info at HOJ's paths (doc 3 §7 "service and judge-server info";
 * docs/api-admin.md "HOJ client compatibility"), in the shapes HOJ's dashboard reads. HOJ filled them from its
 * Nacos registry; here they come from this server process and the judgehosts table. Admin roles.
 */
const serviceInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/admin/config/get-service-info -> { backupCores, backupPercentCpuLoad ("12.34%", 1-minute load over
   * cores), backupPercentMemoryLoad ("56.78%"), backupService: [{ serviceId, host, port, secure, uri, metadata }],
   * nacos: {} } for this server process.
   */
  app.get('/admin/config/get-service-info', { onRequest: needAdmin }, async (req) => {
    const cores = os.cpus().length || 1;
    const host = os.hostname();
    const port = req.socket.localPort ?? null;
    return ok({
      backupCores: cores,
      backupPercentCpuLoad: percent(os.loadavg()[0] / cores),
      backupPercentMemoryLoad: percent(1 - os.freemem() / os.totalmem()),
      backupService: [
        {
          serviceId: 'oj-server',
          host,
          port,
          secure: false,
          uri: `http://${host}:${port ?? ''}`,
          metadata: {},
        },
      ],
      nacos: {},
    });
  });

  /**
   * GET /api/admin/config/get-judge-service-info -> one entry per judgehost: { service: { serviceId, host, port,
   * secure, metadata: { judgeName, 'nacos.healthy' ("true" when online and healthy) } }, cpuCores, percentCpuLoad
   * (1-minute load over cores), percentMemoryLoad (null: not reported), running, online, healthy }.
   */
  app.get('/admin/config/get-judge-service-info', { onRequest: needAdmin }, async () =>
    ok(
      (await judgeServerList(app.ctx)).map((h) => ({
        service: {
          serviceId: h.id,
          host: h.hostname,
          port: null,
          secure: false,
          metadata: { judgeName: h.name, 'nacos.healthy': String(h.online && h.healthy) },
        },
        cpuCores: h.cpuCount,
        percentCpuLoad: percent(h.load / (h.cpuCount || 1)),
        percentMemoryLoad: null,
        running: h.running,
        online: h.online,
        healthy: h.healthy,
      })),
    ),
  );
};

export default serviceInfoRoutes;
