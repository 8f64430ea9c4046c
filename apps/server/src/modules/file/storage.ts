import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.js';
import { files } from '../../db/schema/index.js';
import { type AppError, badRequest, notFound } from '../../lib/errors.js';

/**
 * File storage for uploads (avatars, carousel images…): bytes under `OJ_DATA_DIR/files`, named by the sha256 of
 * their content plus the extension detected from the content, so equal uploads share one file and a name never
 * changes meaning (served with a long cache). In the scaled mode every server instance must see the same
 * directory (a shared volume / NFS mount at `OJ_DATA_DIR/files`); see README "Running scaled".
 */

/** Image types accepted for avatars and carousel images (doc 1 §5), as `file-type` names them. */
export const IMAGE_TYPES: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

const KEY_RE = /^[a-f0-9]{64}\.[a-z0-9]{1,8}$/;

/** The storage directory, created on first use. */
export function storageDir(ctx: AppContext): string {
  return path.join(ctx.env.dataDir, 'files');
}

/** Absolute path of a storage key, or null when the key is not a well-formed storage name. */
export function storagePath(ctx: AppContext, key: string): string | null {
  return KEY_RE.test(key) ? path.join(storageDir(ctx), key) : null;
}

/**
 * Checks that `data` is an image of an accepted type BY ITS CONTENT (never by the file name).
 * Returns the extension and MIME type; throws 400 "file type not supported: <name>" otherwise.
 */
export async function detectImage(data: Buffer, fileName: string): Promise<{ ext: string; mime: string }> {
  const t = await fileTypeFromBuffer(data);
  const mime = t ? IMAGE_TYPES[t.ext] : undefined;
  if (!t || !mime) throw badRequest('file.typeNotSupported', { name: fileName });
  return { ext: t.ext, mime };
}

export interface StoredFile {
  id: number;
  storageKey: string;
  mime: string;
  size: number;
}

/**
 * Writes `data` (bytes) into storage under its content hash (atomically: temp file then rename) and records a
 * row in `files` of the given type for `uid` (and group `gid`). Returns the row's id, storage key, MIME type and size in bytes.
 */
export async function storeFile(
  ctx: AppContext,
  opts: {
    data: Buffer;
    ext: string;
    mime: string;
    type: string;
    name: string;
    uid: string | null;
    gid?: number | null;
  },
): Promise<StoredFile> {
  const key = `${createHash('sha256').update(opts.data).digest('hex')}.${opts.ext}`;
  const dir = storageDir(ctx);
  await fsp.mkdir(dir, { recursive: true });
  const target = path.join(dir, key);
  if (!fs.existsSync(target)) {
    const tmp = path.join(dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    await fsp.writeFile(tmp, opts.data);
    await fsp.rename(tmp, target);
  }
  const [row] = await ctx.db
    .insert(files)
    .values({
      uid: opts.uid,
      type: opts.type,
      name: opts.name.slice(0, 255),
      mime: opts.mime,
      size: opts.data.length,
      storageKey: key,
      gid: opts.gid ?? null,
    })
    .returning({ id: files.id });
  return { id: row!.id, storageKey: key, mime: opts.mime, size: opts.data.length };
}

/**
 * Sends a stored image with its content type, `X-Content-Type-Options: nosniff` and a one-year immutable cache
 * (the name is the content hash). 404 when the key is malformed, not an image type, or missing on disk.
 */
export async function sendStoredImage(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
): Promise<FastifyReply> {
  const file = storagePath(ctx, key);
  const mime = IMAGE_TYPES[key.slice(key.lastIndexOf('.') + 1)];
  if (!file || !mime) throw notFound('file.notFound');
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(file);
  } catch {
    throw notFound('file.notFound');
  }
  return reply
    .header('Content-Type', mime)
    .header('Content-Length', stat.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .send(fs.createReadStream(file));
}

/**
 * Reads the one uploaded file of a multipart request from field `field` into memory, refusing more than
 * `maxBytes` bytes with the 400 of `tooLarge()`. Throws 400 naming the field when the request is not multipart or has
 * no such file. Returns the bytes, the client's file name (only for messages: the type comes from content) and the
 * plain form fields sent before the file (e.g. the `gid` of a group avatar).
 */
export async function readUpload(
  req: FastifyRequest,
  opts: { field: string; maxBytes: number; tooLarge: () => AppError },
): Promise<{ data: Buffer; fileName: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('file.multipartRequired', { field: opts.field });
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  } catch (e) {
    throw badRequest('file.unreadable', { field: opts.field, detail: (e as Error).message });
  }
  if (!part || part.fieldname !== opts.field) throw badRequest('file.required', { field: opts.field });
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    throw badRequest('file.unreadable', { field: opts.field, detail: (e as Error).message });
  }
  if (data.length > opts.maxBytes) throw opts.tooLarge();
  if (data.length === 0) throw badRequest('file.empty', { field: opts.field });
  const fields: Record<string, string> = {};
  for (const [name, f] of Object.entries(part.fields)) {
    const one = Array.isArray(f) ? f[0] : f;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return { data, fileName: part.filename || 'file', fields };
}
