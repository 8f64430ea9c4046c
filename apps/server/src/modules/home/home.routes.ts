import { type CarouselItem, isAdminRole, queryBool } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { recentContests } from '../contest/contest.service.js';
import { lastWeekSubmissionStatistics, recentSevenAcRank, recentUpdatedProblems } from './home.service.js';

/** The home page's calls (doc 1 §2.5, §7). Public. Announcements are in the announcement module. */
const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/home-carousel -> [{ id, url }] in display order (managed under /api/admin/home-carousel). */
  app.get('/home-carousel', async () => {
    const items: CarouselItem[] = (await app.ctx.config.get('carousel')).items;
    return ok(items);
  });

  /** GET /api/get-recent-seven-ac-rank -> top 10 [{ uid, username, nickname, avatar, titleName, titleColor, ac }]. */
  app.get('/get-recent-seven-ac-rank', async () => ok(await recentSevenAcRank(app.ctx)));

  /** GET /api/get-recent-contest -> ContestVo[]: running or starting within 14 days (see recentContests). */
  app.get('/get-recent-contest', async () => ok(await recentContests(app.ctx)));

  /**
   * GET /api/get-last-week-submission-statistics?forceRefresh= -> SubmissionStatistics for the last 7 UTC days
   * (cached 30 s; forceRefresh=true skips the cache for admin roles only, as HOJ does for root: anyone else could
   * make every request count the week again).
   */
  app.get(
    '/get-last-week-submission-statistics',
    { schema: { querystring: z.object({ forceRefresh: queryBool }) } },
    async (req) =>
      ok(await lastWeekSubmissionStatistics(app.ctx, req.query.forceRefresh && isAdminRole(req.user?.role))),
  );

  /** GET /api/get-recent-updated-problem -> the 10 newest public problems [{ id, problemId, title, type, … }]. */
  app.get('/get-recent-updated-problem', async () => ok(await recentUpdatedProblems(app.ctx)));
};

export default homeRoutes;
