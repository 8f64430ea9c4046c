import type { LiveQueueData } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { positionsFor, queueTracker } from './queue-position.js';

/** Most submission ids one call asks about (a status page shows at most this many rows). */
const MAX_IDS = 100;

/** Queue positions (issue 29 part 2; docs/judging.md "Queue position"). */
const queuePositionRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/get-queue-positions {submitIds: number[] (1..100 ids)} (signed in) -> LiveQueueData `{ length,
   * positions: [{ submitId, position, waitSeconds }] }`: the queue's length and, for the ids that are queued
   * submissions of the caller (any submission for admins and super admins), their place in the lease's order and
   * the estimated wait in seconds until judging starts (null: no worker online). Other ids are left out, so it
   * tells nothing about others' submissions (nor a sealed contest's problems). Answered from the process's queue
   * snapshot (queue-position.ts), not one query per caller. 400 naming `submitIds` for a bad list; 401 anonymous.
   */
  app.post(
    '/get-queue-positions',
    {
      onRequest: needLogin,
      schema: {
        body: z.object({
          submitIds: z.array(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_IDS),
        }),
      },
    },
    async (req) => {
      const snap = await queueTracker(app.ctx).current();
      const data: LiveQueueData = {
        length: snap.length,
        positions: positionsFor(snap, requireUser(req), req.body.submitIds),
      };
      return ok(data);
    },
  );
};

export default queuePositionRoutes;
