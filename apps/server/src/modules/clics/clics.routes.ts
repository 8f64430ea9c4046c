import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { LIVE_CHANNEL } from '../events/publish.js';
import { accessObject } from './clics.access.js';
import { clicsUser, clicsViewOf, WWW_AUTHENTICATE } from './clics.auth.js';
import clicsBoardRoutes from './clics.board.routes.js';
import clicsConfigRoutes from './clics.config.routes.js';
import clicsFeedRoutes from './clics.feed.routes.js';
import { pokeFeeds } from './clics.hub.js';
import clicsLiveRoutes from './clics.live.routes.js';
import { contestParams } from './clics.query.js';
import { peekStates, registerClicsStates } from './clics.state.js';
import { closeAllFeeds } from './clics.stream.js';
import { apiInformation, contestObject, stateObject, visibleContests } from './clics.view.js';

/**
 * The CLICS Contest API (issue 10 §5; ccs-specs 2026-01; docs/clics.md), read-only at `/api/clics/`. Answers are
 * the spec's bare JSON objects and arrays, not our `{status, msg, data}` wrapper; a refusal keeps our error body
 * and adds the spec's `code` and `message`, and a 401 carries `WWW-Authenticate: Basic`. Callers: HTTP Basic with a
 * site account (or a session token), else the public view (clics.view).
 */
const clicsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerClicsStates(app.ctx.events);

  const api: FastifyPluginAsyncZod = async (clics) => {
    clics.addHook('onSend', async (_req, reply, payload) => {
      reply.header('Access-Control-Allow-Origin', '*');
      if (reply.statusCode === 401) reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      try {
        const body = JSON.parse(payload) as Record<string, unknown>;
        return JSON.stringify({ code: reply.statusCode, message: body.msg, ...body });
      } catch {
        return payload;
      }
    });
    clics.addHook('preClose', async () => closeAllFeeds());
    // Streams hear the live-event notifications (a verdict, a board, a clarification) and check at once.
    app.notifyHub.subscribe(LIVE_CHANNEL, {
      onNotify: () => pokeFeeds(app.ctx),
      onConnected: () => undefined,
    });
    // A CORS preflight (OPTIONS, any path: no route answers OPTIONS) is allowed for GET from any origin with an
    // Authorization header, so browser tools can call the API; other unknown paths answer 404 with the spec's
    // error body too (code, message), not the site's.
    clics.setNotFoundHandler(async (req, reply) => {
      if (req.method !== 'OPTIONS') throw notFound();
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
        .header('Access-Control-Max-Age', '86400')
        .send();
    });

    /** GET /api/clics/ -> API information {version, version_url, provider} (anyone). */
    clics.get('/', async () => apiInformation());

    /** GET /api/clics/contests -> [contest] the caller may see (public ones; contest admins also theirs). */
    clics.get('/contests', async (req) => {
      const list = await visibleContests(app.ctx, await clicsUser(app.ctx, req));
      const states = await peekStates(app.ctx.db, list);
      return list.map((c) => contestObject(c, states.get(c.id) ?? { thawed: null }));
    });

    /** GET /api/clics/contests/:cid -> contest (404 unless the caller may see it). */
    clics.get('/contests/:cid', { schema: { params: contestParams } }, async (req) => {
      const view = await clicsViewOf(app.ctx, req, req.params.cid);
      return contestObject(view.contest, view.state);
    });

    /** GET /api/clics/contests/:cid/access -> {capabilities, endpoints} of this caller. */
    clics.get('/contests/:cid/access', { schema: { params: contestParams } }, async (req) => {
      return accessObject(await clicsViewOf(app.ctx, req, req.params.cid));
    });

    /** GET /api/clics/contests/:cid/state -> {started, frozen, ended, thawed, finalized, end_of_updates}. */
    clics.get('/contests/:cid/state', { schema: { params: contestParams } }, async (req) => {
      return stateObject(await clicsViewOf(app.ctx, req, req.params.cid));
    });

    await clics.register(clicsConfigRoutes);
    await clics.register(clicsLiveRoutes);
    await clics.register(clicsBoardRoutes);
    await clics.register(clicsFeedRoutes);
  };
  await app.register(api, { prefix: '/clics' });
};

export default clicsRoutes;
