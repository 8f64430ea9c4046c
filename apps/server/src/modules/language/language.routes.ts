import { queryBool } from '@oj/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languages, problems } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { needRoot } from '../../plugins/auth.js';
import { viewableContestProblem } from '../contest/contest.problem.js';
import { recentContestRead } from '../contest/contest.reads.js';
import { assertCanViewProblem, canViewProblemIn, loadProblemByPid } from '../problem/problem.access.js';
import { listLanguages, problemLanguageList } from './language.service.js';

const pidQuery = z.coerce.number().int().min(1);
/** An optional scope id of a query (0 or empty: none). */
const scopeId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional());

const languageEdit = z.object({
  id: z.coerce.number().int().min(1),
  description: z.string().max(255).optional(),
  compileCommand: z.string().max(2000).optional(),
  template: z.string().max(65535).optional(),
  codeTemplate: z.string().max(65535).optional(),
  contentType: z.string().max(100).optional(),
  seq: z.number().int().min(0).max(100000).optional(),
});

/** Languages (doc 2 §2.14, §7): public lists and the super admin's editor. */
const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/languages?all=&pid= -> available languages ordered by seq. `all` adds remote-judge languages; with
   * `pid` of a remote problem the caller may view, that problem's remote OJ languages.
   */
  app.get(
    '/languages',
    { schema: { querystring: z.object({ all: queryBool, pid: pidQuery.optional().catch(undefined) }) } },
    async (req) => {
      const { all, pid } = req.query;
      if (pid) {
        const [p] = await app.ctx.db.select().from(problems).where(eq(problems.id, pid));
        if (p?.isRemote && p.remoteOj && (await canViewProblemIn(app.ctx, req.user, p))) {
          const rows = await listLanguages(app.ctx.db, { all: true });
          return ok(rows.filter((l) => l.oj === p.remoteOj));
        }
      }
      return ok(await listLanguages(app.ctx.db, { all }));
    },
  );

  /**
   * GET /api/get-problem-languages?pid=&cid=&gid= -> the problem's available languages (all available when it lists
   * none). The permission is the problem detail's in the same scope (issue 23 §1): with `cid` the contest problem
   * detail's (enterContest: 401 / 403 / 404; 404 when the contest does not hold the problem; contest-only problems
   * included), else the problem's own rule (403; `gid` must be the problem's group, 404 otherwise); 404 unknown pid.
   */
  app.get(
    '/get-problem-languages',
    { schema: { querystring: z.object({ pid: pidQuery, cid: scopeId, gid: scopeId }) } },
    async (req) => {
      const { pid, cid, gid } = req.query;
      if (cid) {
        await viewableContestProblem(app.ctx, req.user, cid, pid);
        // Every contestant opening the problem asks at once: reused for a quarter second (contest.reads.ts).
        return ok(
          await recentContestRead(app.ctx, cid, `languages:${pid}`, () =>
            problemLanguageList(app.ctx.db, pid),
          ),
        );
      }
      await assertCanViewProblem(app.ctx, req.user, await loadProblemByPid(app.ctx, pid), gid || null);
      return ok(await problemLanguageList(app.ctx.db, pid));
    },
  );

  /** GET /api/admin/language -> every language, available or not (super admin). */
  app.get('/admin/language', { onRequest: needRoot }, async () => {
    const rows = await app.ctx.db.select().from(languages).orderBy(asc(languages.seq), asc(languages.id));
    return ok(rows.map((r) => ({ ...r, gmtModified: r.gmtModified.toISOString() })));
  });

  /** PUT /api/admin/language {id, description?, compileCommand?, template?, codeTemplate?, contentType?, seq?} -> the row (super admin); 404 unknown id. */
  app.put('/admin/language', { onRequest: needRoot, schema: { body: languageEdit } }, async (req) => {
    const { id, ...patch } = req.body;
    const [row] = await app.ctx.db
      .update(languages)
      .set({ ...patch, gmtModified: new Date() })
      .where(and(eq(languages.id, id)))
      .returning();
    if (!row) throw notFound('language.notFound');
    return ok({ ...row, gmtModified: row.gmtModified.toISOString() });
  });
};

export default languageRoutes;
