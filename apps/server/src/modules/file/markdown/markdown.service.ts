import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { isAdminRole, LIMITS } from '@oj/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext, SessionUser } from '../../../context.js';
import { files } from '../../../db/schema/index.js';
import { forbidden, notFound, tooMany } from '../../../lib/errors.js';
import { detectImage, storagePath, storeFile } from '../storage.js';

/**
 * Markdown editor uploads (issue 12; doc 1 §7 "Files and editor uploads"): images anyone who may write can put in
 * a post or comment, files for admins. Images are recognised by their content (never by name), so SVG, HTML or a
 * script renamed to .png is refused; files are served only as downloads.
 */

/** `files.type` of editor images and editor files. */
export const MD_IMAGE = 'markdown';
export const MD_FILE = 'markdown_file';
/** Where the two are served. */
export const MD_IMAGE_URL = '/api/public/md-img/';
export const MD_FILE_URL = '/api/public/md-file/';
/** Editor images an ordinary user may upload in 24 hours. */
export const MD_UPLOADS_PER_DAY = 50;
/** Largest editor file (bytes; the web checks the same limit before uploading). */
export const MD_FILE_MAX_BYTES = LIMITS.mdFileMaxBytes;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Stores an editor image of `user` (`data` at most 2 MB, checked by the caller) -> { link, fileId }. 400 "file type
 * not supported" unless gif, jpg, png, bmp or webp by content; 429 for an ordinary user past MD_UPLOADS_PER_DAY.
 */
export async function uploadMdImage(
  ctx: AppContext,
  user: SessionUser,
  upload: { data: Buffer; fileName: string; gid?: number },
) {
  const { ext, mime } = await detectImage(upload.data, upload.fileName);
  if (!isAdminRole(user.role)) {
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(files)
      .where(
        and(
          eq(files.type, MD_IMAGE),
          eq(files.uid, user.uid),
          gt(files.gmtCreate, new Date(Date.now() - DAY_MS)),
        ),
      );
    if (n >= MD_UPLOADS_PER_DAY) throw tooMany('file.mdUploadQuota', { count: n });
  }
  const stored = await storeFile(ctx, {
    data: upload.data,
    ext,
    mime,
    type: MD_IMAGE,
    name: upload.fileName,
    uid: user.uid,
    gid: upload.gid,
  });
  return { link: `${MD_IMAGE_URL}${stored.storageKey}`, fileId: stored.id };
}

/**
 * GET /api/file/delete-md-img?fileId -> null: the uploader only (403 "file.notYours"), 404 for an unknown or
 * deleted id or one that is not an editor image. The bytes go when no other live upload shares them.
 */
export async function deleteMdImage(ctx: AppContext, user: SessionUser, fileId: number): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.type, MD_IMAGE), eq(files.deleted, false)))
    .limit(1);
  if (!row) throw notFound('file.notFound');
  if (row.uid !== user.uid) throw forbidden('file.notYours');
  await ctx.db.update(files).set({ deleted: true }).where(eq(files.id, fileId));
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.storageKey, row.storageKey), eq(files.deleted, false)));
  const file = storagePath(ctx, row.storageKey);
  if (n === 0 && file) await fsp.rm(file, { force: true });
}

/** Stores an editor file of `user` (any type, kept as bytes) -> { link, fileId }. */
export async function uploadMdFile(
  ctx: AppContext,
  user: SessionUser,
  upload: { data: Buffer; fileName: string; gid?: number },
) {
  const stored = await storeFile(ctx, {
    data: upload.data,
    ext: 'bin',
    mime: 'application/octet-stream',
    type: MD_FILE,
    name: upload.fileName,
    uid: user.uid,
    gid: upload.gid,
  });
  return { link: `${MD_FILE_URL}${stored.id}`, fileId: stored.id };
}

/** A file name safe in a quoted header value: ASCII without quotes, slashes or control characters. */
function asciiName(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]|["\\/;]/g, '_').trim();
  return clean || 'file';
}

/**
 * Sends editor file `id` as a download whatever its content: `application/octet-stream`, `Content-Disposition:
 * attachment` with its name, nosniff and a sandboxing CSP, so an uploaded HTML or SVG never runs on this site.
 * 404 unknown or deleted.
 */
export async function sendMdFile(ctx: AppContext, reply: FastifyReply, id: number): Promise<FastifyReply> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.type, MD_FILE), eq(files.deleted, false)))
    .limit(1);
  const file = row ? storagePath(ctx, row.storageKey) : null;
  if (!row || !file || !fs.existsSync(file)) throw notFound('file.notFound');
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName(row.name)}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, max-age=3600')
    .send(fs.createReadStream(file));
}
