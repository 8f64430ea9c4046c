import {
  addGroupMemberBody,
  createGroupBody,
  GroupMemberAuth,
  gidField,
  gidQuery,
  groupAnnouncementBody,
  groupIdField,
  groupListQuery,
  groupMemberListQuery,
  groupMemberQuery,
  groupRankQuery,
  pageQuery,
  updateGroupAnnouncementBody,
  updateGroupBody,
  updateGroupMemberBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import { throttleSecret } from '../account/secret-throttle.js';
import { openGroup } from './group.access.js';
import {
  createGroupAnnouncement,
  deleteGroupAnnouncement,
  listGroupAdminAnnouncements,
  listGroupAnnouncements,
  updateGroupAnnouncement,
} from './group.announcement.js';
import { uploadGroupAvatar } from './group.avatar.js';
import groupContestRoutes from './group.contest.routes.js';
import groupDiscussionRoutes from './group.discussion.routes.js';
import {
  addMember,
  exitGroup,
  listApplications,
  listMembers,
  removeMember,
  updateMember,
} from './group.member.js';
import groupProblemRoutes from './group.problem.routes.js';
import { groupRankList } from './group.rank.js';
import {
  createGroup,
  disbandGroup,
  groupAccessVo,
  groupDetail,
  listGroups,
  updateGroup,
} from './group.service.js';
import { registerGroupScope } from './group.submission.js';
import groupTrainingRoutes from './group.training.routes.js';

const optGid = z.object({
  gid: z.preprocess((v) => (v === '' ? undefined : v), gidField.optional()),
});

/**
 * Group routes, HOJ's paths (doc 3 §2, §4-§7; issue 13; table in docs/groups.md): the list and a group's detail are
 * open to visitors, everything else needs login, and the group rules (group.access.ts) decide per group.
 */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  // The group submission scope: admission and view rules for submits and submissions with gid.
  registerGroupScope(app.ctx);

  /** GET /api/get-group-list?currentPage&limit&keyword&auth&onlyMine -> Page<GroupVo>. */
  app.get('/get-group-list', { schema: { querystring: groupListQuery } }, async (req) =>
    ok(await listGroups(app.ctx, req.user, req.query)),
  );

  /** GET /api/get-group-detail?gid= -> GroupVo with description (code for its roots); 404 hidden / unknown. */
  app.get('/get-group-detail', { schema: { querystring: gidQuery } }, async (req) =>
    ok(await groupDetail(app.ctx, req.user, req.query.gid)),
  );

  /** GET /api/get-group-access?gid= (login) -> GroupAccessVo {access, level, isGroupAdmin, isGroupRoot, isOwner}. */
  app.get('/get-group-access', { onRequest: needLogin, schema: { querystring: gidQuery } }, async (req) =>
    ok(await groupAccessVo(app.ctx, requireUser(req), req.query.gid)),
  );

  /** GET /api/get-group-auth?gid= (login) -> the caller's member level (0 none, 1 applying ... 5 root). */
  app.get('/get-group-auth', { onRequest: needLogin, schema: { querystring: gidQuery } }, async (req) =>
    ok((await openGroup(app.ctx, requireUser(req), req.query.gid)).level),
  );

  /** POST /api/group {name, shortName, brief, description, auth, code, visible} (login) -> GroupVo. */
  app.post('/group', { onRequest: needLogin, schema: { body: createGroupBody } }, async (req) =>
    ok(await createGroup(app.ctx, requireUser(req), req.body), 'Create successfully'),
  );

  /** PUT /api/group {id, fields to change} (group roots) -> GroupVo. */
  app.put('/group', { onRequest: needLogin, schema: { body: updateGroupBody } }, async (req) =>
    ok(await updateGroup(app.ctx, requireUser(req), req.body), 'Update successfully'),
  );

  /** DELETE /api/group?gid= (owner or super admin) -> null: disbands the group. */
  app.delete('/group', { onRequest: needLogin, schema: { querystring: gidQuery } }, async (req) => {
    await disbandGroup(app.ctx, requireUser(req), req.query.gid);
    return ok(null, 'Disband successfully');
  });

  /** GET /api/group/get-member-list?gid&currentPage&limit&keyword&auth (members) -> Page<GroupMemberVo>. */
  app.get(
    '/group/get-member-list',
    { onRequest: needLogin, schema: { querystring: groupMemberListQuery } },
    async (req) => ok(await listMembers(app.ctx, req.user, req.query)),
  );

  /** GET /api/group/get-apply-list?gid&currentPage&limit&keyword&auth (group admins) -> Page<GroupMemberVo>. */
  app.get(
    '/group/get-apply-list',
    { onRequest: needLogin, schema: { querystring: groupMemberListQuery } },
    async (req) => ok(await listApplications(app.ctx, req.user, req.query)),
  );

  /**
   * POST /api/group/member {gid, code?, reason?} (login) -> {auth}: joined (3) or applying (1). 429 after too many
   * wrong invitation codes from the user or address (account/secret-throttle.ts).
   */
  app.post('/group/member', { onRequest: needLogin, schema: { body: addGroupMemberBody } }, async (req) => {
    const user = requireUser(req);
    const r = await throttleSecret(app.ctx, user.uid, req.ip, ['group.wrongCode'], () =>
      addMember(app.ctx, user, req.body),
    );
    return ok(r, r.auth === GroupMemberAuth.APPLYING ? 'Apply successfully' : 'Join successfully');
  });

  /** PUT /api/group/member {gid, uid, auth} (group admins, levels below their own) -> null. */
  app.put('/group/member', { onRequest: needLogin, schema: { body: updateGroupMemberBody } }, async (req) => {
    await updateMember(app.ctx, requireUser(req), req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/member?gid&uid (group admins) -> null; the owner's row disbands the group. */
  app.delete(
    '/group/member',
    { onRequest: needLogin, schema: { querystring: groupMemberQuery } },
    async (req) => {
      await removeMember(app.ctx, requireUser(req), req.query.gid, req.query.uid);
      return ok(null, 'Delete successfully');
    },
  );

  /** DELETE /api/group/member/exit?gid (login) -> null: leave the group or withdraw an application. */
  app.delete(
    '/group/member/exit',
    { onRequest: needLogin, schema: { querystring: gidQuery } },
    async (req) => {
      await exitGroup(app.ctx, requireUser(req), req.query.gid);
      return ok(null, 'Exit successfully');
    },
  );

  const announcementPage = pageQuery.extend({ gid: gidField });

  /** GET /api/group/get-announcement-list?gid&currentPage&limit (members) -> Page<AnnouncementItem>, visible ones. */
  app.get(
    '/group/get-announcement-list',
    { onRequest: needLogin, schema: { querystring: announcementPage } },
    async (req) => ok(await listGroupAnnouncements(app.ctx, req.user, req.query)),
  );

  /** GET /api/group/get-admin-announcement-list?gid&currentPage&limit (group admins) -> Page<AnnouncementItem>. */
  app.get(
    '/group/get-admin-announcement-list',
    { onRequest: needLogin, schema: { querystring: announcementPage } },
    async (req) => ok(await listGroupAdminAnnouncements(app.ctx, req.user, req.query)),
  );

  /** POST /api/group/announcement {gid, title, content, status} (group admins) -> AnnouncementItem. */
  app.post(
    '/group/announcement',
    { onRequest: needLogin, schema: { body: groupAnnouncementBody } },
    async (req) => ok(await createGroupAnnouncement(app.ctx, requireUser(req), req.body), 'Add successfully'),
  );

  /** PUT /api/group/announcement {id, title, content, status} (author or group root) -> AnnouncementItem. */
  app.put(
    '/group/announcement',
    { onRequest: needLogin, schema: { body: updateGroupAnnouncementBody } },
    async (req) =>
      ok(await updateGroupAnnouncement(app.ctx, requireUser(req), req.body), 'Update successfully'),
  );

  /** DELETE /api/group/announcement?aid= (author or group root) -> null. */
  app.delete(
    '/group/announcement',
    { onRequest: needLogin, schema: { querystring: z.object({ aid: groupIdField('aid') }) } },
    async (req) => {
      await deleteGroupAnnouncement(app.ctx, requireUser(req), req.query.aid);
      return ok(null, 'Delete successfully');
    },
  );

  /** GET /api/get-group-rank-list?gid&type&currentPage&limit&searchUser (members) -> Page<RankRecord>. */
  app.get(
    '/get-group-rank-list',
    { onRequest: needLogin, schema: { querystring: groupRankQuery } },
    async (req) => ok(await groupRankList(app.ctx, req.user, req.query)),
  );

  /** POST /api/file/upload-group-avatar?gid= multipart `image` (and `gid`) (group roots) -> GroupVo. */
  app.post(
    '/file/upload-group-avatar',
    { onRequest: needLogin, schema: { querystring: optGid } },
    async (req) =>
      ok(
        await uploadGroupAvatar(app.ctx, requireUser(req), req, req.query.gid),
        'Upload_Avatar_Successfully',
      ),
  );

  await app.register(groupProblemRoutes);
  await app.register(groupTrainingRoutes);
  await app.register(groupContestRoutes);
  await app.register(groupDiscussionRoutes);
};

export default groupRoutes;
