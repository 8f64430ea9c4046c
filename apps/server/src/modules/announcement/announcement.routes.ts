import { createAnnouncementBody, LIMITS, pageQuery, updateAnnouncementBody } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needRoot, requireUser } from '../../plugins/auth.js';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './announcement.service.js';

/** Public list: the page size defaults to 5 (doc 1 §9). */
const commonPageQuery = pageQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(LIMITS.announcementPageSize)
    .default(LIMITS.announcementPageSize),
});

/** Site announcements (doc 1 §2.6, §3; doc 3 admin Announcement: super admin only). */
const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-common-announcement?currentPage&limit -> Page<AnnouncementItem> of visible ones, newest first. */
  app.get('/get-common-announcement', { schema: { querystring: commonPageQuery } }, async (req) =>
    ok(await listAnnouncements(app.ctx, { ...req.query, onlyVisible: true })),
  );

  /** GET /api/admin/announcement?currentPage&limit -> Page<AnnouncementItem>, hidden ones included. */
  app.get('/admin/announcement', { schema: { querystring: pageQuery }, onRequest: needRoot }, async (req) =>
    ok(await listAnnouncements(app.ctx, { ...req.query, onlyVisible: false })),
  );

  /** POST /api/admin/announcement {title, content} -> the new (visible) announcement. */
  app.post(
    '/admin/announcement',
    { schema: { body: createAnnouncementBody }, onRequest: needRoot },
    async (req) => {
      const me = requireUser(req);
      return ok(await createAnnouncement(app.ctx, me.uid, me.username, req.body), 'Created successfully');
    },
  );

  /** PUT /api/admin/announcement {id, title, content, status?} -> the updated announcement; 404 unknown id. */
  app.put(
    '/admin/announcement',
    { schema: { body: updateAnnouncementBody }, onRequest: needRoot },
    async (req) => ok(await updateAnnouncement(app.ctx, req.body), 'Updated successfully'),
  );

  /** DELETE /api/admin/announcement?aid= : deletes it; 404 unknown id. */
  app.delete(
    '/admin/announcement',
    {
      schema: {
        querystring: z.object({ aid: z.coerce.number().int().positive('aid: must be a positive integer') }),
      },
      onRequest: needRoot,
    },
    async (req) => {
      await deleteAnnouncement(app.ctx, req.query.aid);
      return ok(null, 'Deleted successfully');
    },
  );
};

export default announcementRoutes;
