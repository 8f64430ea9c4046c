import { type GroupVo, gidField, LIMITS } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, SessionUser } from '../../context.js';
import { groups } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { AVATAR_URL_PREFIX } from '../file/avatar/avatar.routes.js';
import { detectImage, readUpload, storeFile } from '../file/storage.js';
import { rootGroup } from './group.access.js';
import { groupDetail } from './group.service.js';

/**
 * POST /api/file/upload-group-avatar (doc 3 §5 "Avatar upload", §7): multipart `image` with the group's `gid` (in
 * the query, or as a form field before the file) -> the group. Group roots and super admins only; gif, jpg, png,
 * bmp or webp recognised by content (400 "file type not supported"), at most 2 MB (400). With the gid in the query
 * the group rule is checked before the upload is read.
 */
export async function uploadGroupAvatar(
  ctx: AppContext,
  user: SessionUser,
  req: FastifyRequest,
  queryGid: number | undefined,
): Promise<GroupVo> {
  if (queryGid != null) await rootGroup(ctx, user, queryGid);
  const { data, fileName, fields } = await readUpload(req, {
    field: 'image',
    maxBytes: LIMITS.avatarMaxBytes,
    tooLarge: () => badRequest('file.imageTooLarge', { mb: 2 }),
  });
  let gid = queryGid;
  if (gid == null) {
    const parsed = gidField.safeParse(fields.gid);
    if (!parsed.success) throw badRequest('validation.required', { field: 'gid' });
    gid = parsed.data;
    await rootGroup(ctx, user, gid);
  }
  const { ext, mime } = await detectImage(data, fileName);
  const stored = await storeFile(ctx, {
    data,
    ext,
    mime,
    type: 'group_avatar',
    name: fileName,
    uid: user.uid,
  });
  await ctx.db
    .update(groups)
    .set({ avatar: `${AVATAR_URL_PREFIX}${stored.storageKey}`, gmtModified: new Date() })
    .where(eq(groups.id, gid));
  return groupDetail(ctx, user, gid);
}
