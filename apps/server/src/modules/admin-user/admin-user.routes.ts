import {
  adminDeleteUsersBody,
  adminEditUserBody,
  adminGenerateUserBody,
  adminInsertBatchUserBody,
  adminRevokeSessionsBody,
  adminUserListQuery,
  adminUserSessionsQuery,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needRoot, requireUser } from '../../plugins/auth.js';
import { listSessions } from '../admin/dashboard.service.js';
import { keepGenerated, takeGenerated } from './generated.js';
import { adminDeleteUsers, adminEditUser, adminListUsers, adminRevokeSessions } from './user.admin.js';
import { batchRefused, checkBatchRows, generateAccounts, insertAccounts } from './user.batch.js';

/**
 * Admin "Users" (doc 3 admin Users and §5; issue 9 §2), super admin only, HOJ's paths: list, edit, delete,
 * CSV batch import, generate accounts and download them as an xlsx sheet.
 */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needRoot);

  /** GET /api/admin/user/get-user-list?keyword&role&status&currentPage&limit -> Page of AdminUserRow. */
  app.get('/admin/user/get-user-list', { schema: { querystring: adminUserListQuery } }, async (req) =>
    ok(await adminListUsers(app.ctx, req.query)),
  );

  /** PUT /api/admin/user/edit-user {uid, role?, status?, password?} -> null; 400 on self / last-root lock-out. */
  app.put('/admin/user/edit-user', { schema: { body: adminEditUserBody } }, async (req) => {
    await adminEditUser(app.ctx, requireUser(req), req.body);
    return ok(null, 'Updated successfully');
  });

  /** DELETE /api/admin/user/delete-user {ids} -> {deleted}; 400 when ids hold the caller or a super admin. */
  app.delete('/admin/user/delete-user', { schema: { body: adminDeleteUsersBody } }, async (req) =>
    ok({ deleted: await adminDeleteUsers(app.ctx, requireUser(req), req.body.ids) }, 'Deleted successfully'),
  );

  /**
   * POST /api/admin/user/insert-batch-user {users: [[username, password, email, realname, gender, nickname,
   * school], ...]} -> {count}. All or nothing: any refused row gives 400 with data.refused [{row, username,
   * reason}] and creates no account.
   */
  app.post('/admin/user/insert-batch-user', { schema: { body: adminInsertBatchUserBody } }, async (req) => {
    const { accounts, refused } = await checkBatchRows(app.ctx, req.body.users);
    if (refused.length) throw batchRefused(refused);
    await insertAccounts(app.ctx, accounts);
    return ok({ count: accounts.length }, 'Imported successfully');
  });

  /**
   * POST /api/admin/user/generate-user {prefix, suffix, number_from, number_to, password_length} -> {key}.
   * Creates the accounts (all or nothing, 400 with data.refused when a name is taken or invalid) and keeps their
   * usernames and passwords (sealed, in the database: any instance serves the download) for 30 minutes under `key`
   * for GET /api/file/generate-user-excel.
   */
  app.post('/admin/user/generate-user', { schema: { body: adminGenerateUserBody } }, async (req) => {
    const generated = generateAccounts(req.body);
    const { accounts, refused } = await checkBatchRows(
      app.ctx,
      generated.map((a) => [a.username, a.password]),
    );
    if (refused.length) throw batchRefused(refused);
    await insertAccounts(app.ctx, accounts);
    return ok({ key: await keepGenerated(app.ctx, accounts) }, 'Generated successfully');
  });

  /**
   * GET /api/admin/user/get-user-sessions?uid -> SessionItem[]: that user's live sessions, newest first (ip, user
   * agent, times; `current` marks the caller's own). Unknown uid: an empty list.
   */
  app.get('/admin/user/get-user-sessions', { schema: { querystring: adminUserSessionsQuery } }, async (req) =>
    ok(await listSessions(app.ctx, requireUser(req), req.query.uid)),
  );

  /**
   * POST /api/admin/user/revoke-sessions {uid, sessionId?} -> { revoked }: signs the user out of one session or of
   * all of them (doc 3 §7 "dashboard info and sessions"; the spec names no revoke call). 404 unknown uid.
   */
  app.post('/admin/user/revoke-sessions', { schema: { body: adminRevokeSessionsBody } }, async (req) =>
    ok(await adminRevokeSessions(app.ctx, req.body)),
  );

  /**
   * GET /api/file/generate-user-excel?key= (super admin, any instance) -> xlsx sheet (Username, Password) of the
   * batch generated under `key`; downloadable again until it expires. 404 unknown or expired key (30 minutes).
   */
  app.get(
    '/file/generate-user-excel',
    { schema: { querystring: z.object({ key: z.string({ error: 'key is required' }).min(1).max(64) }) } },
    async (req, reply) => {
      const accounts = await takeGenerated(app.ctx, req.query.key);
      if (!accounts) throw notFound('adminUser.generatedExpired');
      // exceljs is large: loaded on the first download, not at start-up.
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('users');
      sheet.columns = [
        { header: 'Username', key: 'username', width: 24 },
        { header: 'Password', key: 'password', width: 28 },
      ];
      for (const a of accounts) sheet.addRow({ username: a.username, password: a.password });
      const buf = Buffer.from(await book.xlsx.writeBuffer());
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', 'attachment; filename="users.xlsx"')
        .header('Cache-Control', 'no-store')
        .send(buf);
    },
  );
};

export default adminUserRoutes;
