import { heartbeat, judgehostInfo, judgeProgress, judgeRelease, judgeResult, leaseRequest } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blobs, judgehosts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { sealingKey } from '../../lib/secret-box.js';
import { refreshAvailability } from '../language/language.service.js';
import judgeAdminRoutes from './judge.admin.routes.js';
import {
  extendLeases,
  notifyQueued,
  QUEUE_CHANNEL,
  queueSettings,
  releaseJobs,
  waitForJob,
} from './queue.js';
import { registerQueueNotices } from './queue-push.js';
import { applyProgress, applyResult } from './result.js';
import { startSweeper } from './sweeper.js';
import { takeTask } from './task.js';
import { needJudgeToken } from './token.js';

/** A result carries a preview of every case: up to 64 MiB (token-checked before the body is read). */
const JUDGE_RESULT_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * The judge protocol under `/api/judge/` (docs/judge-protocol.md, packages/shared judge-protocol.ts), the admin
 * judge routes, and this instance's lease sweeper.
 */
const judgeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerQueueNotices(app.ctx.events);
  // A job queued through another server process or instance (its NOTIFY on QUEUE_CHANNEL at commit) wakes the leases
  // waiting here at once, not at their next look at the queue (queueSettings.pollMs).
  const wake = () => notifyQueued(app.ctx);
  app.notifyHub.subscribe(QUEUE_CHANNEL, { onNotify: wake, onConnected: wake });

  const closing = new AbortController();
  const stopSweeper = startSweeper(app.ctx, app.log);
  app.addHook('preClose', async () => {
    closing.abort();
  });
  app.addHook('onClose', async () => stopSweeper());

  await app.register(judgeAdminRoutes);

  const protocol: FastifyPluginAsyncZod = async (judge) => {
    judge.addHook('onRequest', needJudgeToken);

    /** POST /api/judge/register JudgehostInfo -> { judgehostId }; refreshes language availability. */
    judge.post('/judge/register', { schema: { body: judgehostInfo } }, async (req) => {
      const b = req.body;
      const values = {
        name: b.name,
        hostname: b.hostname,
        version: b.version,
        cpuCount: b.cpuCount,
        workers: b.workers,
        languages: b.languages,
        problem: b.problem,
        running: 0,
        lastHeartbeat: new Date(),
      };
      await app.ctx.db
        .insert(judgehosts)
        .values({ id: b.judgehostId, ...values })
        .onConflictDoUpdate({ target: judgehosts.id, set: values });
      await refreshAvailability(app.ctx);
      req.log.info(
        { judgehost: b.judgehostId, name: b.name, workers: b.workers, problem: b.problem },
        'judgehost registered',
      );
      return ok({ judgehostId: b.judgehostId });
    });

    /**
     * POST /api/judge/heartbeat Heartbeat -> { ok: true }; extends the leases of jobIds and records the judgehost's
     * `problem` (null: it can judge); 404 when not registered.
     */
    judge.post('/judge/heartbeat', { schema: { body: heartbeat } }, async (req) => {
      const b = req.body;
      const updated = await app.ctx.db
        .update(judgehosts)
        .set({ running: b.running, load: b.load, problem: b.problem, lastHeartbeat: new Date() })
        .where(eq(judgehosts.id, b.judgehostId))
        .returning({ id: judgehosts.id });
      if (!updated.length) throw notFound('judge.unknownHost');
      await extendLeases(app.ctx.db, b.judgehostId, b.jobIds);
      return ok({ ok: true as const });
    });

    /**
     * POST /api/judge/lease LeaseRequest -> { task | null }. Holds the request up to waitSeconds; wakes at once
     * when a job is queued (this process, or the queue's NOTIFY from another) and looks again every pollMs. A judgehost that reported a
     * problem (it cannot judge) gets null at once. With `remote: true` remote-judge jobs come first, each with a
     * claimed pool account in task.remote (remote-judge/lease.ts). 404 when not registered.
     */
    judge.post('/judge/lease', { schema: { body: leaseRequest } }, async (req, reply) => {
      const b = req.body;
      const [host] = await app.ctx.db.select().from(judgehosts).where(eq(judgehosts.id, b.judgehostId));
      if (!host) throw notFound('judge.unknownHost');
      const langs = host.languages.filter((l) => l.available).map((l) => l.name);
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const stop = AbortSignal.any([gone.signal, closing.signal]);
      const deadline = Date.now() + b.waitSeconds * 1000;
      const remote = b.remote ? { key: sealingKey(app.ctx) } : null;
      for (;;) {
        if (stop.aborted || !host.enabled || host.problem) break;
        const site = await app.ctx.config.get('switch');
        const task = await takeTask(app.ctx.db, b.judgehostId, host.name, b.lanes, langs, site, remote);
        if (task) return ok({ task });
        const left = deadline - Date.now();
        if (left <= 0) break;
        await waitForJob(app.ctx, Math.min(left, queueSettings.pollMs), stop);
      }
      return ok({ task: null });
    });

    /**
     * POST /api/judge/release JudgeRelease -> { released }: jobs this judgehost leased but will not judge (it is
     * stopping) go back to the queue without counting an attempt; waiting leases are woken.
     */
    judge.post('/judge/release', { schema: { body: judgeRelease } }, async (req) => {
      const released = await releaseJobs(app.ctx.db, req.body.judgehostId, req.body.jobIds);
      if (released) notifyQueued(app.ctx);
      return ok({ released });
    });

    /** GET /api/judge/blob/:hash -> the raw bytes of a test-data blob (sha256 hex); 404 when unknown. */
    judge.get(
      '/judge/blob/:hash',
      { schema: { params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 hex expected') }) } },
      async (req, reply) => {
        const [blob] = await app.ctx.db.select().from(blobs).where(eq(blobs.hash, req.params.hash));
        if (!blob) throw notFound('judge.noSuchBlob');
        return reply.type('application/octet-stream').send(blob.data);
      },
    );

    /** POST /api/judge/progress JudgeProgress -> { accepted }; extends the lease, moves status to 6 / 7. */
    judge.post('/judge/progress', { schema: { body: judgeProgress } }, async (req) =>
      ok({ accepted: await applyProgress(app.ctx.db, app.ctx.events, req.body) }),
    );

    /** POST /api/judge/result JudgeResult -> { accepted } (true once per job and version; false otherwise). */
    judge.post(
      '/judge/result',
      { schema: { body: judgeResult }, bodyLimit: JUDGE_RESULT_BODY_LIMIT },
      async (req) => {
        const accepted = await applyResult(app.ctx.db, app.ctx.events, req.body);
        if (!accepted)
          req.log.info({ jobId: req.body.jobId, judgehost: req.body.judgehostId }, 'result refused');
        return ok({ accepted });
      },
    );
  };
  await app.register(protocol);
};

export default judgeRoutes;
