import type { CarouselItem } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needRoot, requireUser } from '../../plugins/auth.js';
import { detectImage, readUpload, sendStoredImage, storeFile } from '../file/storage.js';

/** Largest carousel image (bytes): 5 MB. */
export const CAROUSEL_MAX_BYTES = 5 * 1024 * 1024;
/** Most images the carousel holds (the `carousel` config section's limit). */
export const CAROUSEL_MAX_ITEMS = 20;
const URL_PREFIX = '/api/public/carousel/';

/** Home carousel management (doc 3 System Config "rotation chart"), super admin only; GET /home-carousel reads it. */
const carouselRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/admin/home-carousel (multipart field `image`) -> `{ id, url }`, appended to the carousel. Image types
   * as for avatars, by content; at most 5 MB (400 "file size exceeds 5MB"); 400 when the carousel is full. Also at
   * HOJ's path POST /api/file/upload-carouse-img, field `file` (docs/api-admin.md "HOJ client compatibility").
   */
  for (const [url, field] of [
    ['/admin/home-carousel', 'image'],
    ['/file/upload-carouse-img', 'file'],
  ] as const) {
    app.post(url, { onRequest: needRoot }, async (req) => {
      const ctx = app.ctx;
      const current = (await ctx.config.get('carousel')).items;
      if (current.length >= CAROUSEL_MAX_ITEMS) {
        throw badRequest('config.carouselFull', { max: CAROUSEL_MAX_ITEMS });
      }
      const { data, fileName } = await readUpload(req, {
        field,
        maxBytes: CAROUSEL_MAX_BYTES,
        tooLarge: () => badRequest('file.imageTooLarge', { mb: 5 }),
      });
      const { ext, mime } = await detectImage(data, fileName);
      const stored = await storeFile(ctx, {
        data,
        ext,
        mime,
        type: 'carousel',
        name: fileName,
        uid: requireUser(req).uid,
      });
      const item: CarouselItem = { id: stored.id, url: `${URL_PREFIX}${stored.storageKey}` };
      await ctx.config.set('carousel', { items: [...(await ctx.config.get('carousel')).items, item] });
      return ok(item, 'Uploaded successfully');
    });
  }

  /**
   * DELETE /api/admin/home-carousel?id= : removes the image from the carousel. 404 when it is not in it. Also at
   * HOJ's path DELETE /api/admin/config/home-carousel?id= (docs/api-admin.md "HOJ client compatibility").
   */
  for (const url of ['/admin/home-carousel', '/admin/config/home-carousel']) {
    app.delete(
      url,
      {
        schema: {
          querystring: z.object({ id: z.coerce.number().int().positive('id: must be a positive integer') }),
        },
        onRequest: needRoot,
      },
      async (req) => {
        const ctx = app.ctx;
        const items = (await ctx.config.get('carousel')).items;
        if (!items.some((i) => i.id === req.query.id)) throw notFound('config.carouselNotFound');
        await ctx.config.set('carousel', { items: items.filter((i) => i.id !== req.query.id) });
        await ctx.db.update(files).set({ deleted: true }).where(eq(files.id, req.query.id));
        return ok(null, 'Deleted successfully');
      },
    );
  }

  /** GET /api/public/carousel/:name: a carousel image with its type and `nosniff`; 404 unknown. */
  app.get(
    '/public/carousel/:name',
    { schema: { params: z.object({ name: z.string().max(100) }) } },
    async (req, reply) => sendStoredImage(app.ctx, reply, req.params.name),
  );
};

export default carouselRoutes;
