import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forgetAllSessionsLocally, forgetSessionsLocally } from './session-cache.js';

/** The PostgreSQL channel on which server processes tell each other which cached sessions to forget. */
export const SESSION_CHANNEL = 'oj_sessions';

/**
 * Keeps the per-process session cache (`session-cache.ts`) right across server instances on one PostgreSQL: a
 * forget made here (logout, password change, disabling, a role change) is sent as `NOTIFY oj_sessions` with the
 * sid or uid, and every other instance forgets the same rows when it hears it. While the listening connection is
 * down nothing is heard, so on every (re)connect the whole cache is dropped. PGlite is one process: nothing to do.
 */
export default fp(
  async function sessionSync(app: FastifyInstance) {
    if (app.ctx.dbKind !== 'postgres') return;
    const origin = randomUUID();
    app.notifyHub.subscribe(SESSION_CHANNEL, {
      onNotify: (payload) => {
        try {
          const m = JSON.parse(payload) as { origin?: string; sid?: string; uid?: string };
          if (m.origin === origin) return;
          forgetSessionsLocally(app.ctx, {
            sid: typeof m.sid === 'string' ? m.sid : undefined,
            uid: typeof m.uid === 'string' ? m.uid : undefined,
          });
        } catch {
          forgetAllSessionsLocally(app.ctx);
        }
      },
      onConnected: () => forgetAllSessionsLocally(app.ctx),
    });
    app.ctx.events.on(
      'session/forgotten',
      (who) => {
        const payload = JSON.stringify({ origin, sid: who.sid, uid: who.uid });
        app.ctx.db
          .execute(sql`SELECT pg_notify(${SESSION_CHANNEL}, ${payload})`)
          .catch((err) => app.log.warn({ err }, 'session sync: notify failed'));
      },
      { area: 'session-sync', phase: 'publish' },
    );
  },
  { name: 'session-sync', dependencies: ['notify-hub'] },
);
