import {
  addContestProblemBody,
  cidField,
  cidQuery,
  contestAnnouncementBody,
  contestBody,
  contestListQuery,
  gidField,
  pageQuery,
  queryBool,
  updateContestProblemBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needLogin, requireUser } from '../../plugins/auth.js';
import {
  adminChangeVisible,
  adminDeleteContest,
  adminGetContest,
  adminListContests,
  adminUpdateContest,
} from '../contest/contest.admin.js';
import {
  adminCreateAnnouncement,
  adminDeleteAnnouncement,
  adminListAnnouncements,
  adminUpdateAnnouncement,
} from '../contest/contest.announcement.js';
import {
  adminAddFromPublic,
  adminContestProblemList,
  adminGetContestProblem,
  adminRemoveFromContest,
  adminUpdateContestProblem,
} from '../contest/contest.problem.admin.js';
import { listContests } from '../contest/contest.service.js';
import { problemBody } from '../problem/problem.schema.js';
import { adminGroup, enterGroup, needSomeGroupAdmin } from './group.access.js';
import {
  addContestProblemFromGroup,
  contestOfLink,
  createGroupContest,
  createGroupContestProblem,
  loadGroupContest,
} from './group.contest.js';

const pidField = z.coerce
  .number({ error: 'pid is required' })
  .int()
  .min(1, 'pid must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'pid is out of range');
const cidPidQuery = z.object({ cid: cidField, pid: pidField });
const keyword = z.string().max(200).optional();
/** Problem bodies carry typed test cases: up to 64 MiB, as on /api/admin/problem (group admins only, before reading). */
const PROBLEM_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * Group contests, HOJ's paths (doc 3 §2 "Group contests", §6; docs/groups.md): the contest service with the
 * group's scope. Members list the group's visible contests; its admins list all and create; a contest is
 * managed by the group's roots and its creator (contestAdminIn). Inside a contest (problems, submissions, board,
 * announcements, clarifications) the public contest routes serve a group's contest to its members only.
 */
const groupContestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needLogin);

  /** GET /api/group/get-contest-list?gid&currentPage&limit&status&type&keyword (members) -> Page<ContestVo>. */
  app.get(
    '/group/get-contest-list',
    { schema: { querystring: contestListQuery.extend({ gid: gidField }) } },
    async (req) => {
      await enterGroup(app.ctx, req.user, req.query.gid);
      return ok(await listContests(app.ctx, req.query, req.query.gid));
    },
  );

  /** GET /api/group/get-admin-contest-list?gid&currentPage&limit&keyword (group admins) -> Page of admin rows. */
  app.get(
    '/group/get-admin-contest-list',
    { schema: { querystring: pageQuery.extend({ gid: gidField, keyword }) } },
    async (req) => {
      const s = await adminGroup(app.ctx, req.user, req.query.gid);
      return ok(await adminListContests(app.ctx, s.user, req.query, req.query.gid));
    },
  );

  /** GET /api/group/contest?cid= (the contest's admins) -> AdminContestVo. */
  app.get('/group/contest', { schema: { querystring: cidQuery } }, async (req) => {
    await loadGroupContest(app.ctx, requireUser(req), req.query.cid);
    return ok(await adminGetContest(app.ctx, requireUser(req), req.query.cid));
  });

  /** POST /api/group/contest ContestBody + {gid} (group admins) -> {cid}. */
  app.post(
    '/group/contest',
    { schema: { body: contestBody.and(z.object({ gid: gidField })) } },
    async (req) => ok(await createGroupContest(app.ctx, requireUser(req), req.body), 'Add successfully'),
  );

  /** PUT /api/group/contest ContestBody with id (the contest's admins) -> null; the rule type is fixed. */
  app.put('/group/contest', { schema: { body: contestBody } }, async (req) => {
    const u = requireUser(req);
    if (req.body.id == null) throw badRequest('validation.required', { field: 'id' });
    await loadGroupContest(app.ctx, u, req.body.id);
    await adminUpdateContest(app.ctx, u, req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/contest?cid= (the contest's admins) -> null. */
  app.delete('/group/contest', { schema: { querystring: cidQuery } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, req.query.cid);
    await adminDeleteContest(app.ctx, u, req.query.cid);
    return ok(null, 'Delete successfully');
  });

  /** PUT /api/group/change-contest-visible?cid=&visible= (the contest's admins) -> null. */
  app.put(
    '/group/change-contest-visible',
    { schema: { querystring: cidQuery.extend({ visible: queryBool }) } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupContest(app.ctx, u, req.query.cid);
      await adminChangeVisible(app.ctx, u, req.query.cid, req.query.visible);
      return ok(null, 'Update successfully');
    },
  );

  /**
   * GET /api/group/get-contest-problem-list?cid&keyword&problemType&currentPage&limit (the contest's admins) ->
   * {problemList, contestProblemMap}: its problems, or with problemType the public problems to add.
   */
  app.get(
    '/group/get-contest-problem-list',
    {
      schema: {
        querystring: pageQuery.extend({
          cid: cidField,
          keyword,
          problemType: z.preprocess(
            (v) => (v === '' || v === null ? undefined : v),
            z.coerce.number().int().min(0).max(1).optional(),
          ),
        }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      await loadGroupContest(app.ctx, u, req.query.cid);
      return ok(await adminContestProblemList(app.ctx, u, req.query));
    },
  );

  /** POST /api/group/contest-problem ProblemBody + {cid, displayId, displayTitle} (contest admins) -> {pid, problemId}. */
  app.post(
    '/group/contest-problem',
    {
      schema: {
        body: problemBody.extend({
          cid: cidField,
          displayId: addContestProblemBody.shape.displayId,
          displayTitle: z.string().trim().max(255).optional(),
        }),
      },
      bodyLimit: PROBLEM_BODY_LIMIT,
      // The contest's admins are group roots or its creator, a group admin: nobody else gets the body read.
      onRequest: needSomeGroupAdmin,
    },
    async (req) =>
      ok(await createGroupContestProblem(app.ctx, requireUser(req), req.body), 'Add successfully'),
  );

  /** GET /api/group/contest-problem?cid=&pid= (contest admins) -> {id, cid, pid, displayId, displayTitle, color}. */
  app.get('/group/contest-problem', { schema: { querystring: cidPidQuery } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, req.query.cid);
    return ok(await adminGetContestProblem(app.ctx, u, req.query.cid, req.query.pid));
  });

  /** PUT /api/group/contest-problem {id, displayId, displayTitle, color} (contest admins) -> null. */
  app.put('/group/contest-problem', { schema: { body: updateContestProblemBody } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, await contestOfLink(app.ctx, req.body.id));
    await adminUpdateContestProblem(app.ctx, u, req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/contest-problem?pid=&cid= (contest admins) -> null: out of the contest only. */
  app.delete('/group/contest-problem', { schema: { querystring: cidPidQuery } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, req.query.cid);
    await adminRemoveFromContest(app.ctx, u, req.query.cid, req.query.pid);
    return ok(null, 'Delete successfully');
  });

  /** POST /api/group/add-contest-problem-from-public {pid, cid, displayId} (contest admins) -> null. */
  app.post(
    '/group/add-contest-problem-from-public',
    { schema: { body: addContestProblemBody } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupContest(app.ctx, u, req.body.cid);
      await adminAddFromPublic(app.ctx, u, req.body);
      return ok(null, 'Add successfully');
    },
  );

  /** POST /api/group/add-contest-problem-from-group {problemId, cid, displayId} (contest admins) -> null. */
  app.post(
    '/group/add-contest-problem-from-group',
    {
      schema: {
        body: z.object({
          problemId: z
            .string({ error: 'problemId is required' })
            .trim()
            .min(1, 'problemId is required')
            .max(100),
          cid: cidField,
          displayId: addContestProblemBody.shape.displayId,
        }),
      },
    },
    async (req) => {
      await addContestProblemFromGroup(app.ctx, requireUser(req), req.body);
      return ok(null, 'Add successfully');
    },
  );

  /** GET /api/group/get-contest-announcement-list?cid&currentPage&limit (contest admins) -> Page. */
  app.get(
    '/group/get-contest-announcement-list',
    { schema: { querystring: pageQuery.extend({ cid: cidField }) } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupContest(app.ctx, u, req.query.cid);
      return ok(await adminListAnnouncements(app.ctx, u, req.query));
    },
  );

  /** POST /api/group/contest-announcement {cid, announcement: {title, content}} (contest admins) -> {id}. */
  app.post('/group/contest-announcement', { schema: { body: contestAnnouncementBody } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, req.body.cid);
    return ok(await adminCreateAnnouncement(app.ctx, u, req.body), 'Add successfully');
  });

  /** PUT /api/group/contest-announcement {cid, announcement: {id, title, content}} (contest admins) -> null. */
  app.put('/group/contest-announcement', { schema: { body: contestAnnouncementBody } }, async (req) => {
    const u = requireUser(req);
    await loadGroupContest(app.ctx, u, req.body.cid);
    await adminUpdateAnnouncement(app.ctx, u, req.body);
    return ok(null, 'Update successfully');
  });

  /** DELETE /api/group/contest-announcement?aid=&cid= (contest admins) -> null. */
  app.delete(
    '/group/contest-announcement',
    { schema: { querystring: z.object({ aid: pidField, cid: cidField }) } },
    async (req) => {
      const u = requireUser(req);
      await loadGroupContest(app.ctx, u, req.query.cid);
      await adminDeleteAnnouncement(app.ctx, u, req.query.aid);
      return ok(null, 'Delete successfully');
    },
  );
};

export default groupContestRoutes;
