import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { calendarHeatmap, resolveUser, userHomeInfo } from './user-home.service.js';

/** Who a profile call is about: `uid` or `username`; neither means the signed-in user. */
const whoQuery = z.object({
  uid: z.string().trim().max(64, 'uid: too long').optional(),
  username: z.string().trim().max(64, 'username: too long').optional(),
});

/** Public user pages (doc 1 §2.9, §3, §7). Anonymous visitors may read them. */
const userHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-user-home-info?uid=&username= -> UserHomeInfo. 400 when neither is given anonymously, 404 unknown. */
  app.get('/get-user-home-info', { schema: { querystring: whoQuery } }, async (req) => {
    const u = await resolveUser(app.ctx, req.query, req.user?.uid ?? null);
    return ok(await userHomeInfo(app.ctx, u, req.user));
  });

  /** GET /api/get-user-calendar-heatmap?uid=&username= -> `{ dataList: [{date, count}], endDate }` (UTC days). */
  app.get('/get-user-calendar-heatmap', { schema: { querystring: whoQuery } }, async (req) => {
    const u = await resolveUser(app.ctx, req.query, req.user?.uid ?? null);
    return ok(await calendarHeatmap(app.ctx, u.uid));
  });
};

export default userHomeRoutes;
