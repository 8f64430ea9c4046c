import type { FullScreenProblemVo } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needLogin } from '../../plugins/auth.js';
import { contestProblemList } from '../contest/contest.problem.js';
import { trainingProblemList } from '../training/training.problem.js';

const scopeId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional());

/**
 * The focus-mode problem strip of a contest (`cid`) or a training (`tid`), doc 2 §2.2, §7: the contest's problems
 * as GET /api/get-contest-problem shows them (access as enterContest: 401 / 403 / 404; statuses hidden while the
 * OI results are, score null then), or the training's as GET /api/get-training-problem-list (enterTraining; the
 * problems the caller may not view left out; no score). 400 naming `cid` when neither is given.
 */
export async function fullScreenProblemList(
  ctx: AppContext,
  user: SessionUser | null,
  q: { cid?: number; tid?: number },
): Promise<FullScreenProblemVo[]> {
  if (q.cid) {
    const rows = await contestProblemList(ctx, user, q.cid, false);
    return rows.map((r) => ({
      pid: r.pid,
      problemId: r.displayId,
      title: r.displayTitle,
      status: r.myStatus,
      score: r.score,
    }));
  }
  if (q.tid) {
    const rows = await trainingProblemList(ctx, user, q.tid);
    return rows.map((r) => ({
      pid: r.pid,
      problemId: r.displayId,
      title: r.title,
      status: r.myStatus,
      score: null,
    }));
  }
  throw badRequest('validation.required', { field: 'cid' });
}

/** GET /api/get-full-screen-problem-list (doc 2 §7). */
const fullScreenRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-full-screen-problem-list?cid= | ?tid= -> FullScreenProblemVo[] (login; see fullScreenProblemList). */
  app.get(
    '/get-full-screen-problem-list',
    { onRequest: needLogin, schema: { querystring: z.object({ cid: scopeId, tid: scopeId }) } },
    async (req) => ok(await fullScreenProblemList(app.ctx, req.user, req.query)),
  );
};

export default fullScreenRoutes;
