import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { type Entry, offers } from './clics.access.js';
import { clicsViewOf } from './clics.auth.js';
import { loadClarifications } from './clics.clarifications.js';
import { loadBasics } from './clics.feed.js';
import { loadLive, loadRuns, submissionFiles } from './clics.live.js';
import { contestParams, filterList, filterQuery, objectParams, pickOne } from './clics.query.js';

/**
 * CLICS live-data endpoints (issue 10 §5; clics.live, clics.clarifications): submissions (and, for contest admins,
 * their source as a zip), judgements, runs (contest admins) and clarifications of a contest the caller may see,
 * each filterable on its ID properties and readable one by id. The public view withholds what our sealed board
 * hides.
 */
const clicsLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const data = (entries: Entry[]) =>
    entries.filter((e) => e.data !== null).map((e) => e.data as { id: string });
  /** The view, its basics and the live objects of `cid`. */
  const live = async (req: FastifyRequest, cid: number) => {
    const view = await clicsViewOf(ctx, req, cid);
    if (!offers(view, 'submissions')) throw notFound();
    const b = await loadBasics(ctx.db, view);
    return { view, b, live: await loadLive(ctx.db, view, b.refs, null) };
  };
  const runs = async (req: FastifyRequest, cid: number) => {
    const view = await clicsViewOf(ctx, req, cid);
    if (!offers(view, 'runs')) throw notFound();
    return data(await loadRuns(ctx.db, view, (await loadBasics(ctx.db, view)).refs, null));
  };
  const clarifications = async (req: FastifyRequest, cid: number) => {
    const view = await clicsViewOf(ctx, req, cid);
    return data(await loadClarifications(ctx.db, view, (await loadBasics(ctx.db, view)).refs));
  };

  /** GET /api/clics/contests/:cid/submissions?team_id&problem_id&language_id -> [submission]. */
  app.get(
    '/contests/:cid/submissions',
    { schema: { params: contestParams, querystring: filterQuery('team_id', 'problem_id', 'language_id') } },
    async (req) => filterList(data((await live(req, req.params.cid)).live.submissions), req.query),
  );
  /** GET /api/clics/contests/:cid/submissions/:id -> submission. */
  app.get('/contests/:cid/submissions/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(data((await live(req, req.params.cid)).live.submissions), req.params.id),
  );
  /** GET /api/clics/contests/:cid/submissions/:sid/files -> application/zip of the source (contest admins; else 404). */
  app.get(
    '/contests/:cid/submissions/:sid/files',
    {
      schema: {
        params: contestParams.extend({ sid: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
      },
    },
    async (req, reply) => {
      const view = await clicsViewOf(ctx, req, req.params.cid);
      const zip = await submissionFiles(ctx.db, view, (await loadBasics(ctx.db, view)).refs, req.params.sid);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="files.zip"')
        .send(Buffer.from(zip));
    },
  );

  /** GET /api/clics/contests/:cid/judgements?submission_id&judgement_type_id -> [judgement] (current ones). */
  app.get(
    '/contests/:cid/judgements',
    { schema: { params: contestParams, querystring: filterQuery('submission_id', 'judgement_type_id') } },
    async (req) => filterList(data((await live(req, req.params.cid)).live.judgements), req.query),
  );
  /** GET /api/clics/contests/:cid/judgements/:id -> judgement. */
  app.get('/contests/:cid/judgements/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(data((await live(req, req.params.cid)).live.judgements), req.params.id),
  );

  /** GET /api/clics/contests/:cid/runs?judgement_id&judgement_type_id -> [run] (contest admins; 404 for the public). */
  app.get(
    '/contests/:cid/runs',
    { schema: { params: contestParams, querystring: filterQuery('judgement_id', 'judgement_type_id') } },
    async (req) => filterList(await runs(req, req.params.cid), req.query),
  );
  /** GET /api/clics/contests/:cid/runs/:id -> run. */
  app.get('/contests/:cid/runs/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await runs(req, req.params.cid), req.params.id),
  );

  /** GET /api/clics/contests/:cid/clarifications?from_team_id&reply_to_id&problem_id -> [clarification]. */
  app.get(
    '/contests/:cid/clarifications',
    {
      schema: {
        params: contestParams,
        querystring: filterQuery('from_team_id', 'reply_to_id', 'problem_id'),
      },
    },
    async (req) => filterList(await clarifications(req, req.params.cid), req.query),
  );
  /** GET /api/clics/contests/:cid/clarifications/:id -> clarification. */
  app.get('/contests/:cid/clarifications/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await clarifications(req, req.params.cid), req.params.id),
  );
};

export default clicsLiveRoutes;
