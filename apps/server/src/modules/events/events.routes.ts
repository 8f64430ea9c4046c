import { LIVE_EVENT, LIVE_LIMITS, type LiveClarificationData } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.js';
import { startQueuePush } from '../judge/queue-push.js';
import { LiveBus } from './bus.js';
import { registerLiveProducers } from './producers.js';
import { publish } from './publish.js';
import { LiveStream } from './stream.js';

/** The HTTP status of an open stream (named: the bare-number guard reads literals). */
const OPEN = 200;

/**
 * The Last-Event-ID header: null when absent (a fresh stream), the id when it is one, NaN when unreadable (the
 * stream starts with `reset`).
 */
export function parseLastEventId(h: string | string[] | undefined): number | null {
  if (h === undefined) return null;
  const v = Array.isArray(h) ? h[0] : h;
  return /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
}

/** A stream's lifetime: LIVE_LIMITS.streamLifetimeMs ± 20 %, so that reconnections spread out. */
const lifetime = () => LIVE_LIMITS.streamLifetimeMs * (0.8 + Math.random() * 0.4);

/** Live updates (issue 10 §4; docs/events.md): one server-sent event stream per browser tab. */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Where the events come from: verdicts, boards, progress (producers.ts), in the transaction that made the change.
  registerLiveProducers(app.ctx.events);
  const bus = new LiveBus(app.ctx, app.log, app.notifyHub);
  app.addHook('onReady', () => bus.start());
  // Streams never end on their own: they must be closed before the server can close.
  app.addHook('preClose', async () => bus.closeStreams());
  app.addHook('onClose', () => bus.stop());
  // Queue positions of my pending submissions (issue 29 part 2): computed once per queue change, sent per stream.
  const stopQueuePush = startQueuePush(app.ctx, app.notifyHub, bus, app.log);
  app.addHook('onClose', async () => stopQueuePush());

  // Clarification answers arrive after their commit (clarification.events.ts): a row in this app's database.
  app.ctx.events.on(
    'clarification/answered',
    async (e) => {
      const data: LiveClarificationData = {
        cid: e.cid,
        clarificationId: e.clarificationId,
        public: e.public,
      };
      await publish(app.ctx.db, {
        type: LIVE_EVENT.clarification,
        audience: e.public ? 'contest' : 'contest-admins',
        uid: e.public ? null : e.askerUid,
        cid: e.cid,
        data: { ...data },
      });
    },
    { area: 'events', phase: 'publish' },
  );

  /**
   * GET /api/events (header Last-Event-ID optional) -> text/event-stream: `ready`, then my verdicts, boards and
   * announcements of contests I may see, clarification answers for me, `reset` when a resume is too old; a
   * keep-alive every 25 s. Anonymous callers get the public events; a token that is sent but not valid gets 401
   * (the browser signs in again instead of silently losing its events); 429 beyond the open-stream limits.
   */
  app.get('/events', { exposeHeadRoute: false }, async (req, reply) => {
    if (req.headers.authorization && !req.user) throw unauthorized();
    bus.admit(req.user, req.ip);
    const last = parseLastEventId(req.headers['last-event-id']);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(OPEN, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies: do not buffer this response
      'x-accel-buffering': 'no',
    });
    req.raw.socket?.setNoDelay(true);
    // The browser's own reconnect delay, should it use EventSource; ours backs off by itself.
    raw.write(`retry: ${LIVE_LIMITS.reconnectFirstMs}\n\n`);
    bus.open(new LiveStream(raw, req.user, req.ip, lifetime()), last);
  });
};

export default eventsRoutes;
