import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clicsViewOf } from './clics.auth.js';
import { parseSinceToken, RESUME_MARGIN_MS } from './clics.feed.js';
import { contestParams } from './clics.query.js';
import { sendFeed } from './clics.stream.js';

/** `stream`: on unless `false` or `0`. */
const streamFlag = z
  .union([z.boolean(), z.string().max(10)])
  .optional()
  .transform((v) => !(v === false || v === 'false' || v === '0'));

/** The event feed (issue 10 §5; clics.feed, clics.stream). */
const clicsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/clics/contests/:cid/event-feed?since_token&stream -> application/x-ndjson: every object of the view as
   * a notification with a token, in change order; open with keep-alive newlines while the contest has not ended
   * (unless stream=false). 400 for a token that is not ours, 404 for a contest the caller may not see.
   */
  app.get(
    '/contests/:cid/event-feed',
    {
      schema: {
        params: contestParams,
        querystring: z.object({ since_token: z.string().max(40).optional(), stream: streamFlag }),
      },
    },
    async (req, reply) => {
      const view = await clicsViewOf(app.ctx, req, req.params.cid);
      const token = parseSinceToken(req.query.since_token, view.now.getTime());
      const floor = token == null ? null : token - RESUME_MARGIN_MS;
      return sendFeed(app.ctx, req, reply, view, floor, req.query.stream);
    },
  );
};

export default clicsFeedRoutes;
