import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clicsViewOf } from './clics.auth.js';
import { awardObjects, scoreboardObject } from './clics.board.js';
import { loadBasics } from './clics.feed.js';
import { freeJudgedCounts } from './clics.live.js';
import { contestParams, objectParams, pickOne } from './clics.query.js';

/**
 * CLICS aggregate endpoints read off our board (issue 10 §5; clics.board): the scoreboard and the awards of a
 * contest the caller may see (404 otherwise), sealed for the public exactly as our outside board is.
 */
const clicsBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const awards = async (req: FastifyRequest, cid: number) => {
    const view = await clicsViewOf(ctx, req, cid);
    const b = await loadBasics(ctx.db, view);
    return awardObjects(view, b.board, b.problems.list);
  };

  /** GET /api/clics/contests/:cid/scoreboard?group_id -> {time, contest_time, state, rows} (400 unknown group). */
  app.get(
    '/contests/:cid/scoreboard',
    {
      schema: { params: contestParams, querystring: z.object({ group_id: z.string().max(100).optional() }) },
    },
    async (req) => {
      const view = await clicsViewOf(ctx, req, req.params.cid);
      const b = await loadBasics(ctx.db, view);
      const free = await freeJudgedCounts(ctx.db, view, b.refs);
      return scoreboardObject(view, b.board, b.problems.list, b.teams, free, req.query.group_id);
    },
  );

  /** GET /api/clics/contests/:cid/awards -> [award]: winner, first to solve each problem, the award levels. */
  app.get('/contests/:cid/awards', { schema: { params: contestParams } }, async (req) =>
    awards(req, req.params.cid),
  );
  /** GET /api/clics/contests/:cid/awards/:id -> award. */
  app.get('/contests/:cid/awards/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await awards(req, req.params.cid), req.params.id),
  );
};

export default clicsBoardRoutes;
