import { JUDGING_STATUS_CODES } from '@oj/shared';
import { and, count, inArray, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { progressIdSchema } from './progress.js';
import { readProgress } from './progress.store.js';

/** The progress poll of long admin work (issue 28; docs/operations.md "Progress of long work"). */
const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/admin/progress?id= (admin roles; the job's own user only) -> `{ id, kind, done, total, state,
   * judged? }`: an import's problems done (imported or refused) of `total`, or a rejudge's submissions queued
   * again of `total` and, of those, `judged` (a verdict reached). `total` is null while the package is still read;
   * `state` running, done or failed (also a job left running by a process that died: no write for 10 minutes).
   * Read from the database: any server process or instance answers. 404 for an id this user has no job under
   * (never started, another user's, expired an hour after its last write); 400 naming `id` when malformed.
   */
  app.get(
    '/admin/progress',
    { onRequest: needAdmin, schema: { querystring: z.object({ id: progressIdSchema }) } },
    async (req) => {
      const p = await readProgress(app.ctx.db, requireUser(req).uid, req.query.id);
      if (!p) throw notFound();
      let judged: number | undefined;
      if (p.submissionIds) {
        judged = 0;
        // Counted in chunks: a rejudge may hold thousands of ids.
        for (let i = 0; i < p.submissionIds.length; i += 1000) {
          const ids = p.submissionIds.slice(i, i + 1000);
          const [row] = await app.ctx.db
            .select({ n: count() })
            .from(submissions)
            .where(and(inArray(submissions.id, ids), notInArray(submissions.status, JUDGING_STATUS_CODES)));
          judged += Number(row?.n ?? 0);
        }
      }
      const { id, kind, done, total, state } = p;
      return ok({ id, kind, done, total, state, ...(judged === undefined ? {} : { judged }) });
    },
  );
};

export default progressRoutes;
