import { LIMITS } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { needLogin, requireUser } from '../../../plugins/auth.js';
import { needCommenter } from '../../discussion/discussion.rules.js';
import { needAdminOrGroupAdmin, needGroupMemberIfGid } from '../../group/group.access.js';
import { readUpload, sendStoredImage } from '../storage.js';
import {
  deleteMdImage,
  MD_FILE_MAX_BYTES,
  sendMdFile,
  uploadMdFile,
  uploadMdImage,
} from './markdown.service.js';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int()
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER);
/** `?gid=` of an upload (stored with it; the groups area's rule decides who may upload for a group). */
const gidQuery = z.object({ gid: z.preprocess((v) => (v === '' ? undefined : v), id('gid').optional()) });

/** Markdown editor uploads and their serving (issue 12; doc 1 §7). Rules: docs/community.md. */
const markdownRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/file/upload-md-img?gid (multipart `image`, ≤ 2 MB, image by content) -> { link, fileId } (not muted;
   * with gid, a member of that group).
   */
  app.post(
    '/file/upload-md-img',
    { onRequest: [needCommenter, needGroupMemberIfGid], schema: { querystring: gidQuery } },
    async (req) => {
      const upload = await readUpload(req, {
        field: 'image',
        maxBytes: LIMITS.avatarMaxBytes,
        tooLarge: () => badRequest('file.imageTooLarge', { mb: 2 }),
      });
      return ok(await uploadMdImage(app.ctx, requireUser(req), { ...upload, gid: req.query.gid }));
    },
  );

  /** GET /api/file/delete-md-img?fileId -> null (the uploader). */
  app.get(
    '/file/delete-md-img',
    { onRequest: needLogin, schema: { querystring: z.object({ fileId: id('fileId') }) } },
    async (req) => {
      await deleteMdImage(app.ctx, requireUser(req), req.query.fileId);
      return ok(null, 'Deleted successfully');
    },
  );

  /**
   * POST /api/file/upload-md-file?gid (multipart `file`, ≤ 32 MB) -> { link, fileId } (admin roles; with gid, that
   * group's admins instead).
   */
  app.post(
    '/file/upload-md-file',
    { onRequest: needAdminOrGroupAdmin, schema: { querystring: gidQuery } },
    async (req) => {
      const upload = await readUpload(req, {
        field: 'file',
        maxBytes: MD_FILE_MAX_BYTES,
        tooLarge: () => badRequest('file.tooLarge', { field: 'file', max: MD_FILE_MAX_BYTES }),
      });
      return ok(await uploadMdFile(app.ctx, requireUser(req), { ...upload, gid: req.query.gid }));
    },
  );

  /** GET /api/public/md-img/:name -> the image with its type and nosniff; 404 unknown. */
  app.get(
    '/public/md-img/:name',
    { schema: { params: z.object({ name: z.string().max(100) }) } },
    async (req, reply) => sendStoredImage(app.ctx, reply, req.params.name),
  );

  /** GET /api/public/md-file/:id -> the file as an attachment (octet-stream, nosniff, sandbox CSP); 404 unknown. */
  app.get('/public/md-file/:id', { schema: { params: z.object({ id: id('id') }) } }, async (req, reply) =>
    sendMdFile(app.ctx, reply, req.params.id),
  );
};

export default markdownRoutes;
