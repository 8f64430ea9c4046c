import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin } from '../../plugins/auth.js';
import {
  addClassification,
  addTag,
  deleteClassification,
  deleteTag,
  listClassifications,
  listTags,
  tagsAndClassifications,
  updateClassification,
  updateTag,
} from './tag.service.js';

const ojQuery = z.object({ oj: z.string().max(20).optional() });
const idField = (field: string) =>
  z.coerce
    .number({ error: `${field} is required` })
    .int()
    .min(1, `${field} must be a positive integer`);
const tagBody = z.object({
  name: z.string().optional(),
  color: z.string().optional(),
  oj: z.string().max(20).optional(),
  classificationId: z.coerce.number().int().nullish(),
});
const classificationBody = z.object({
  name: z.string().optional(),
  oj: z.string().max(20).optional(),
  rank: z.coerce.number().int().optional(),
});

/** Tag admin (doc 3 tag admin with classifications): admin, problem admin and super admin. */
const tagAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.addHook('onRequest', needAdmin);
  /** GET /api/admin/tag?oj=&keyword= -> tags. */
  admin.get(
    '/admin/tag',
    { schema: { querystring: ojQuery.extend({ keyword: z.string().max(50).optional() }) } },
    async (req) => ok(await listTags(admin.ctx, req.query)),
  );
  /** POST /api/admin/tag {name, color, oj, classificationId} -> the tag; 400 on a duplicate name. */
  admin.post('/admin/tag', { schema: { body: tagBody } }, async (req) =>
    ok(await addTag(admin.ctx, req.body)),
  );
  /** PUT /api/admin/tag {id, name?, color?, oj?, classificationId?} -> the tag. */
  admin.put('/admin/tag', { schema: { body: tagBody.extend({ id: idField('id') }) } }, async (req) =>
    ok(await updateTag(admin.ctx, req.body.id, req.body)),
  );
  /** DELETE /api/admin/tag?tid= -> null. */
  admin.delete('/admin/tag', { schema: { querystring: z.object({ tid: idField('tid') }) } }, async (req) => {
    await deleteTag(admin.ctx, req.query.tid);
    return ok(null);
  });
  /** GET /api/admin/tag/classification?oj= -> classifications by rank. */
  admin.get('/admin/tag/classification', { schema: { querystring: ojQuery } }, async (req) =>
    ok(await listClassifications(admin.ctx, req.query.oj)),
  );
  /** POST /api/admin/tag/classification {name, oj, rank} -> the classification. */
  admin.post('/admin/tag/classification', { schema: { body: classificationBody } }, async (req) =>
    ok(await addClassification(admin.ctx, req.body)),
  );
  /** PUT /api/admin/tag/classification {id, name?, oj?, rank?} -> the classification. */
  admin.put(
    '/admin/tag/classification',
    { schema: { body: classificationBody.extend({ id: idField('id') }) } },
    async (req) => ok(await updateClassification(admin.ctx, req.body.id, req.body)),
  );
  /** DELETE /api/admin/tag/classification?tcid= -> null; its tags become unclassified. */
  admin.delete(
    '/admin/tag/classification',
    { schema: { querystring: z.object({ tcid: idField('tcid') }) } },
    async (req) => {
      await deleteClassification(admin.ctx, req.query.tcid);
      return ok(null);
    },
  );
};

/**
 * Tags and tag classifications: the public lists of doc 2 §2.1 / §7 and the tag admin of doc 3 (admin, problem
 * admin, super admin).
 */
const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-all-problem-tags?oj= -> site-wide tags [{id, name, color, oj, classificationId…}]. */
  app.get('/get-all-problem-tags', { schema: { querystring: ojQuery } }, async (req) =>
    ok(await listTags(app.ctx, { oj: req.query.oj })),
  );

  /** GET /api/get-problem-tags-and-classification?oj= -> [{classification | null, tagList}]. */
  app.get('/get-problem-tags-and-classification', { schema: { querystring: ojQuery } }, async (req) =>
    ok(await tagsAndClassifications(app.ctx, req.query.oj)),
  );

  await app.register(tagAdminRoutes);
};

export default tagRoutes;
