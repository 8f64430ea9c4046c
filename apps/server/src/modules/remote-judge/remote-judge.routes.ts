import {
  addRemoteAccountBody,
  importRemoteProblemQuery,
  listRemoteAccountsQuery,
  remoteAccountIdQuery,
  updateRemoteAccountBody,
} from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, needRoot, requireUser } from '../../plugins/auth.js';
import { addAccount, deleteAccount, listAccounts, updateAccount } from './accounts.js';
import { importRemoteProblem } from './import.js';
import { recentOtherContests } from './other-contests.js';

/**
 * Remote judges (issue 27, docs/remote-judges.md): System Config's judging accounts (super admin; the password is
 * write-only: no answer ever carries it, sealed or not), HOJ's import-remote-problem (admin roles) and the home
 * page's other OJs' contests (public).
 */
const remoteJudgeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/remote-judge/accounts?oj= -> RemoteAccountView[] (no passwords), by OJ then id. */
  app.get(
    '/admin/remote-judge/accounts',
    { onRequest: needRoot, schema: { querystring: listRemoteAccountsQuery } },
    async (req) => ok(await listAccounts(app.ctx, req.query.oj)),
  );

  /** POST /api/admin/remote-judge/account {oj, username, password, enabled} -> RemoteAccountView; 400 taken name. */
  app.post(
    '/admin/remote-judge/account',
    { onRequest: needRoot, schema: { body: addRemoteAccountBody } },
    async (req) => ok(await addAccount(app.ctx, req.body), 'Added successfully'),
  );

  /**
   * PUT /api/admin/remote-judge/account {id, username?, password?, enabled?} -> RemoteAccountView; absent or ""
   * password keeps the stored one. 404 unknown id, 400 taken name.
   */
  app.put(
    '/admin/remote-judge/account',
    { onRequest: needRoot, schema: { body: updateRemoteAccountBody } },
    async (req) => ok(await updateAccount(app.ctx, req.body), 'Updated successfully'),
  );

  /** DELETE /api/admin/remote-judge/account?id= -> null; 404 unknown id. */
  app.delete(
    '/admin/remote-judge/account',
    { onRequest: needRoot, schema: { querystring: remoteAccountIdQuery } },
    async (req) => {
      await deleteAccount(app.ctx, req.query.id);
      return ok(null, 'Deleted successfully');
    },
  );

  /**
   * GET /api/admin/import-remote-problem?name=<OJ>&problemId=<the site's id> -> {pid, problemId, title, rawLimits}
   * (admin, problem admin, super admin): see importRemoteProblem for the problem made and the 400s.
   */
  app.get(
    '/admin/import-remote-problem',
    { onRequest: needAdmin, schema: { querystring: importRemoteProblemQuery } },
    async (req) =>
      ok(
        await importRemoteProblem(app.ctx, requireUser(req).username, req.query.name, req.query.problemId),
        'Imported successfully',
      ),
  );

  /** GET /api/get-recent-other-contest -> OtherContest[] (CF, AtCoder; cached 10 min; [] when unreachable). */
  app.get('/get-recent-other-contest', async () => ok(await recentOtherContests(app.ctx)));
};

export default remoteJudgeRoutes;
