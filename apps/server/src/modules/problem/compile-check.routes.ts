import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { needAdmin, requireUser } from '../../plugins/auth.js';
import { type CompileMode, getCompileCheck, queueCompileCheck } from './compile-check.service.js';

/** Body of compile-spj / compile-interactive (doc 3 §7): pid is accepted and unused (the code is compiled alone). */
const compileBody = z.object({
  pid: z.union([z.number(), z.string()]).nullish(),
  code: z.string({ error: 'code is required' }).max(256 * 1024, 'code: at most 256 KB'),
  language: z.string({ error: 'language is required' }).min(1, 'language is required').max(100),
  extraFiles: z
    .record(z.string(), z.string({ error: 'extraFiles: every file content must be text' }))
    .nullish(),
});

const keyQuery = z.object({ key: z.string({ error: 'key is required' }).min(1, 'key is required').max(100) });

/**
 * Compile checks of special-judge / interactor code from the admin problem form (doc 3 §4, §7; admin roles).
 * The code is compiled by a judgehost through the judge queue; the form polls compile-result.
 */
const compileCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', needAdmin);

  for (const mode of ['spj', 'interactive'] as CompileMode[]) {
    /**
     * POST /api/admin/problem/compile-spj | compile-interactive {code, language, extraFiles?} -> data = key to
     * poll. 400 for an unknown language, empty code or a bad extra file name.
     */
    app.post(
      `/admin/problem/compile-${mode}`,
      { schema: { body: compileBody }, bodyLimit: 16 * 1024 * 1024 },
      async (req) => ok(await queueCompileCheck(app.ctx, requireUser(req), mode, req.body)),
    );
  }

  /** GET /api/admin/problem/compile-result?key= -> {status: queued | ok | error, message}; 404 unknown key. */
  app.get('/admin/problem/compile-result', { schema: { querystring: keyQuery } }, async (req) =>
    ok(await getCompileCheck(app.ctx, requireUser(req), req.query.key)),
  );
};

export default compileCheckRoutes;
