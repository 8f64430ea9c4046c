import { currentPageField, LIMITS } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { registerRankRecords } from './rank.records.js';
import { rankList } from './rank.service.js';

const rankQuery = z.object({
  currentPage: currentPageField,
  limit: z.coerce.number().int().min(1).max(300).catch(LIMITS.rankPageSize).default(LIMITS.rankPageSize),
  /** ACM or OI; HOJ's front end sends 0 / 1 in places, so both spellings are taken. */
  type: z
    .union([z.enum(['ACM', 'OI', 'acm', 'oi']), z.coerce.number().int().min(0).max(1)], {
      error: 'type must be ACM or OI',
    })
    .default('ACM')
    .transform((t) => (t === 1 || t === 'OI' || t === 'oi' ? ('OI' as const) : ('ACM' as const))),
  searchUser: z.string().max(100).optional(),
});

/** Global rankings (doc 2 §2.11, §7). */
const rankRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRankRecords(app.ctx.events);

  /** GET /api/get-rank-list?currentPage&limit&type=ACM|OI&searchUser -> Page<RankRecord>. Public. */
  app.get('/get-rank-list', { schema: { querystring: rankQuery } }, async (req) =>
    ok(await rankList(app.ctx, req.query)),
  );
};

export default rankRoutes;
