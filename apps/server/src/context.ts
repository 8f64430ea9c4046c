import type { AppEvents } from './app-events.js';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { ConfigService } from './modules/config/config.service.js';
import type { SubmissionScopes } from './modules/submission/submission.scope.js';

/** What every service needs, built once by buildApp and reachable as `app.ctx` and `req.server.ctx`. */
export interface AppContext {
  env: Env;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** What /api/health reports: dbKind, or 'private-postgres' for the embedded default's own cluster. */
  dbLabel?: 'pglite' | 'postgres' | 'private-postgres';
  config: ConfigService;
  /**
   * How many processes of this server share its port (server-processes.ts); per-process limits (per-address
   * request limits, stream caps) are divided by it. Absent: 1.
   */
  serverProcesses?: number;
  /**
   * The app's event hub (app-events.ts `EventMap`): areas register their listeners here from their own plugins.
   * Each app has its own (`newExtensionPoints()`); buildApp refuses one already in use.
   */
  events: AppEvents;
  /** The submission scopes' admission and view rules, registered by the contest, training and group plugins. */
  scopes: SubmissionScopes;
}

/** The signed-in user on a request (set by the auth plugin), or null. `role` is a role code 1000-1008. */
export interface SessionUser {
  uid: string;
  username: string;
  role: number;
  sid: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
