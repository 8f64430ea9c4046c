import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { ConfigService } from './modules/config/config.service.js';

/** What every service needs, built once by buildApp and reachable as `app.ctx` and `req.server.ctx`. */
export interface AppContext {
  env: Env;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: ConfigService;
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
