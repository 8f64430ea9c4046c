import { LIMITS } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { needLogin, requireUser } from '../../../plugins/auth.js';
import { getUser, toUserInfo } from '../../account/user-info.js';
import { detectImage, readUpload, sendStoredImage, storeFile } from '../storage.js';

/** Where avatars are served: `/api/public/avatar/<content hash>.<ext>`. */
export const AVATAR_URL_PREFIX = '/api/public/avatar/';

/** Avatar upload and serving (doc 1 §2.9, §5). */
const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/file/upload-avatar (multipart field `image`) -> the new user info, `avatar` set to the served URL.
   * Types gif, jpg, png, bmp, webp recognised by content (400 "file type not supported: <name>" otherwise, whatever
   * the file is called); at most 2 MB = 2097152 bytes (400 "file size exceeds 2MB"). 401 when not signed in.
   */
  app.post('/file/upload-avatar', { onRequest: needLogin }, async (req) => {
    const uid = requireUser(req).uid;
    const { data, fileName } = await readUpload(req, {
      field: 'image',
      maxBytes: LIMITS.avatarMaxBytes,
      tooLarge: () => badRequest('file.imageTooLarge', { mb: 2 }),
    });
    const { ext, mime } = await detectImage(data, fileName);
    const stored = await storeFile(app.ctx, { data, ext, mime, type: 'avatar', name: fileName, uid });
    await app.ctx.db
      .update(users)
      .set({ avatar: `${AVATAR_URL_PREFIX}${stored.storageKey}`, gmtModified: sql`now()` })
      .where(eq(users.uid, uid));
    return ok(toUserInfo(await getUser(app.ctx, uid)), 'The avatar has been updated');
  });

  /** GET /api/public/avatar/:name: the image bytes with their type and `X-Content-Type-Options: nosniff`; 404 unknown. */
  app.get(
    '/public/avatar/:name',
    { schema: { params: z.object({ name: z.string().max(100) }) } },
    async (req, reply) => sendStoredImage(app.ctx, reply, req.params.name),
  );
};

export default avatarRoutes;
