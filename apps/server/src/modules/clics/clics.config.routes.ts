import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { offers } from './clics.access.js';
import { clicsViewOf } from './clics.auth.js';
import { groupEntry, judgementTypeEntry, loadLanguages, loadProblems } from './clics.config.js';
import { loadBasics } from './clics.feed.js';
import { allJudgementTypes } from './clics.mapping.js';
import { peopleEntries } from './clics.people.js';
import { contestParams, objectParams, pickOne } from './clics.query.js';

/**
 * CLICS configuration endpoints (issue 10 §5; clics.config, clics.people): judgement types, languages, problems,
 * groups, teams, persons and (contest admins) accounts of a contest the caller may see (404 otherwise), each as a collection and one object by id.
 */
const clicsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const groups = async (cid: number, req: FastifyRequest) =>
    groupEntry(await clicsViewOf(ctx, req, cid)).data as { id: string; name: string }[];
  const problems = async (cid: number, req: FastifyRequest) => {
    const view = await clicsViewOf(ctx, req, cid);
    return (await loadProblems(ctx.db, view)).list.map((p) => p.data);
  };
  const languages = async (cid: number, req: FastifyRequest) =>
    (await loadLanguages(ctx.db, await clicsViewOf(ctx, req, cid))).list;
  const teams = async (cid: number, req: FastifyRequest) => {
    const view = await clicsViewOf(ctx, req, cid);
    return (await loadBasics(ctx.db, view)).teams.map((t) => t.data);
  };
  /** The persons or accounts of the view (404 when the view is not offered the endpoint). */
  const people = async (cid: number, req: FastifyRequest, type: 'persons' | 'accounts') => {
    const view = await clicsViewOf(ctx, req, cid);
    if (!offers(view, type)) throw notFound();
    const entries = peopleEntries(view, (await loadBasics(ctx.db, view)).teams);
    return entries.filter((e) => e.type === type).map((e) => e.data as { id: string });
  };

  /** GET /api/clics/contests/:cid/judgement-types -> [judgement type] (clics.mapping's table). */
  app.get('/contests/:cid/judgement-types', { schema: { params: contestParams } }, async (req) => {
    return judgementTypeEntry(await clicsViewOf(ctx, req, req.params.cid)).data;
  });
  /** GET /api/clics/contests/:cid/judgement-types/:id -> judgement type (404 unknown id). */
  app.get('/contests/:cid/judgement-types/:id', { schema: { params: objectParams } }, async (req) => {
    await clicsViewOf(ctx, req, req.params.cid);
    return pickOne(allJudgementTypes(), req.params.id);
  });

  /** GET /api/clics/contests/:cid/languages -> [language]. */
  app.get('/contests/:cid/languages', { schema: { params: contestParams } }, async (req) =>
    languages(req.params.cid, req),
  );
  /** GET /api/clics/contests/:cid/languages/:id -> language. */
  app.get('/contests/:cid/languages/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await languages(req.params.cid, req), req.params.id),
  );

  /** GET /api/clics/contests/:cid/problems -> [problem] in display order (public: none before the start). */
  app.get('/contests/:cid/problems', { schema: { params: contestParams } }, async (req) =>
    problems(req.params.cid, req),
  );
  /** GET /api/clics/contests/:cid/problems/:id -> problem. */
  app.get('/contests/:cid/problems/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await problems(req.params.cid, req), req.params.id),
  );

  /** GET /api/clics/contests/:cid/groups -> [group] (participants, unranked). */
  app.get('/contests/:cid/groups', { schema: { params: contestParams } }, async (req) =>
    groups(req.params.cid, req),
  );
  /** GET /api/clics/contests/:cid/groups/:id -> group. */
  app.get('/contests/:cid/groups/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await groups(req.params.cid, req), req.params.id),
  );

  /** GET /api/clics/contests/:cid/teams -> [team]: the board's participants (+ registered and askers for admins). */
  app.get('/contests/:cid/teams', { schema: { params: contestParams } }, async (req) =>
    teams(req.params.cid, req),
  );
  /** GET /api/clics/contests/:cid/teams/:id -> team. */
  app.get('/contests/:cid/teams/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await teams(req.params.cid, req), req.params.id),
  );

  /** GET /api/clics/contests/:cid/persons -> [person]: one per team (clics.people). */
  app.get('/contests/:cid/persons', { schema: { params: contestParams } }, async (req) =>
    people(req.params.cid, req, 'persons'),
  );
  /** GET /api/clics/contests/:cid/persons/:id -> person. */
  app.get('/contests/:cid/persons/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await people(req.params.cid, req, 'persons'), req.params.id),
  );
  /** GET /api/clics/contests/:cid/accounts -> [account]: one per team (contest admins; 404 for the public). */
  app.get('/contests/:cid/accounts', { schema: { params: contestParams } }, async (req) =>
    people(req.params.cid, req, 'accounts'),
  );
  /** GET /api/clics/contests/:cid/accounts/:id -> account. */
  app.get('/contests/:cid/accounts/:id', { schema: { params: objectParams } }, async (req) =>
    pickOne(await people(req.params.cid, req, 'accounts'), req.params.id),
  );
};

export default clicsConfigRoutes;
