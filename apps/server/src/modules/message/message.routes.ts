import {
  cleanMessageQuery,
  MessageType,
  noticeBody,
  noticePageQuery,
  pushNoticeBody,
  sysMessagePageQuery,
  updateNoticeBody,
  userMessagePageQuery,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, needRoot, requireUser } from '../../plugins/auth.js';
import { cleanMessages, listSysMessages, listUserMessages, unreadCounts } from './message.service.js';
import { openUnreadCache } from './message.unread.js';
import { startNoticeJob } from './notice.job.js';
import {
  adminCreateNotice,
  adminDeleteNotice,
  adminListNotices,
  adminUpdateNotice,
  pushNoticeNow,
} from './notice.service.js';

/**
 * The message centre (issue 12; doc 1 §2.8, §7) for the signed-in user, the back office's notices (doc 3
 * "Notification", super admin, HOJ's paths) and this instance's hourly notice job. Rules: docs/community.md.
 */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const stopJob = startNoticeJob(app.ctx, app.log);
  const unread = openUnreadCache(app.notifyHub);
  app.addHook('onClose', async () => {
    stopJob();
    unread.close();
  });

  /** GET /api/msg/unread -> {comment, reply, like, sys, mine} unread counts (login; kept per user: message.unread.ts). */
  app.get('/msg/unread', { onRequest: needLogin }, async (req) => {
    const uid = requireUser(req).uid;
    return ok(await unread.get(uid, () => unreadCounts(app.ctx, uid)));
  });

  const userLists = [
    ['comment', MessageType.DISCUSS],
    ['reply', MessageType.REPLY],
    ['like', MessageType.LIKE],
  ] as const;
  for (const [path, kind] of userLists) {
    /** GET /api/msg/comment|reply|like?currentPage&limit=6 -> Page<UserMsgVo>; marks the list read (login). */
    app.get(
      `/msg/${path}`,
      { onRequest: needLogin, schema: { querystring: userMessagePageQuery } },
      async (req) => ok(await listUserMessages(app.ctx, requireUser(req).uid, kind, req.query)),
    );
  }

  const sysLists = [
    ['sys', MessageType.SYS],
    ['mine', MessageType.MINE],
  ] as const;
  for (const [path, type] of sysLists) {
    /** GET /api/msg/sys|mine?currentPage&limit=8 -> Page<SysMsgVo>; marks the list read (login). */
    app.get(
      `/msg/${path}`,
      { onRequest: needLogin, schema: { querystring: sysMessagePageQuery } },
      async (req) => ok(await listSysMessages(app.ctx, requireUser(req).uid, type, req.query)),
    );
  }

  /** DELETE /api/msg/clean?type=Discuss|Reply|Like|Sys|Mine&id? -> null: one message, or all of the type (login). */
  app.delete(
    '/msg/clean',
    { onRequest: needLogin, schema: { querystring: cleanMessageQuery } },
    async (req) => {
      await cleanMessages(app.ctx, requireUser(req).uid, req.query.type, req.query.id);
      return ok(null);
    },
  );

  /** GET /api/admin/msg/notice?currentPage&limit&type -> Page<AdminNoticeVo> (super admin). */
  app.get(
    '/admin/msg/notice',
    { onRequest: needRoot, schema: { querystring: noticePageQuery } },
    async (req) => ok(await adminListNotices(app.ctx, req.query)),
  );

  /** POST /api/admin/msg/notice {title, content, type, recipients} -> { id } (super admin). */
  app.post('/admin/msg/notice', { onRequest: needRoot, schema: { body: noticeBody } }, async (req) =>
    ok(await adminCreateNotice(app.ctx, requireUser(req), req.body)),
  );

  /** PUT /api/admin/msg/notice {id, title, content, type, recipients} -> null (super admin). */
  app.put('/admin/msg/notice', { onRequest: needRoot, schema: { body: updateNoticeBody } }, async (req) => {
    await adminUpdateNotice(app.ctx, req.body);
    return ok(null);
  });

  /**
   * POST /api/admin/msg/notice/push {id} -> { messages } (super admin): delivers that notice now, as the hourly
   * push would (doc 3 "Notification"). 404 unknown id, 400 "notice.alreadyPushed" when already delivered.
   */
  app.post('/admin/msg/notice/push', { onRequest: needRoot, schema: { body: pushNoticeBody } }, async (req) =>
    ok(await pushNoticeNow(app.ctx, req.body.id)),
  );

  /** DELETE /api/admin/msg/notice?id -> null (super admin). */
  app.delete(
    '/admin/msg/notice',
    {
      onRequest: needRoot,
      schema: { querystring: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }) },
    },
    async (req) => {
      await adminDeleteNotice(app.ctx, req.query.id);
      return ok(null);
    },
  );
};

export default messageRoutes;
