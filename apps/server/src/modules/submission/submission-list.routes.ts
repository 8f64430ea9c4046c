import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { listSubmissions, submissionListQuery } from './submission.list.js';
import { resubmit, setShare } from './submission.share.js';

const submitIdQuery = z.object({ submitId: z.coerce.number().int().min(1, 'submitId is required') });

/** The status page list, share toggle and resubmit (doc 2 §2.4, §4.3, §7). */
const submissionListRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-submission-list -> Page<SubmissionListItem>; 401 for onlyMine without login. */
  app.get('/get-submission-list', { schema: { querystring: submissionListQuery } }, async (req) =>
    ok(await listSubmissions(app.ctx, req.user, req.query)),
  );

  /** PUT /api/submission {submitId, share} -> {submitId, share}; owner only, not contest submissions. */
  app.put(
    '/submission',
    {
      onRequest: needLogin,
      schema: { body: z.object({ submitId: z.coerce.number().int().min(1), share: z.boolean() }) },
    },
    async (req) => {
      const r = await setShare(app.ctx, requireUser(req), req.body.submitId, req.body.share);
      return ok(r, r.share ? 'Shared successfully' : 'Cancel Sharing Successfully');
    },
  );

  /** GET /api/resubmit?submitId= -> {submitId, status}; owner or admin, failed submissions only. */
  app.get('/resubmit', { onRequest: needLogin, schema: { querystring: submitIdQuery } }, async (req) =>
    ok(await resubmit(app.ctx, requireUser(req), req.query.submitId), 'Resubmitted Successfully'),
  );
};

export default submissionListRoutes;
