import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import type { ZodType } from 'zod';
import type { AppContext } from './context.js';
import { bodySchema } from './lib/body-coercion.js';
import { timeOnlyClientBytes } from './lib/client-timeouts.js';
import { refuseUnstorableText } from './lib/text-guard.js';
import { OneLinePerRequest } from './logging.js';
import { modules } from './modules/index.js';
import { checkDocumentedResponses, type ResponseCheck } from './openapi/check.js';
import authPlugin from './plugins/auth.js';
import compressionPlugin from './plugins/compression.js';
import errorsPlugin, { clientError } from './plugins/errors.js';
import notifyHubPlugin from './plugins/notify-hub.js';
import { areaOf, registerOpenApi } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import sessionSyncPlugin from './plugins/session-sync.js';
import { registerWeb } from './plugins/web.js';

/**
 * Largest request body a JSON route reads (bytes). Routes that need more raise it with their own `bodyLimit`
 * (admin problem create/edit with typed test cases, the judge protocol); multipart uploads have their own limits.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The API's version in the OpenAPI document: the server package's version. */
const API_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Security headers (issue 8, finding 11): a CSP the built web app works under (scripts only from this origin,
 * inline styles for Ant Design and KaTeX, images from data: for the captcha and avatars), no framing, nosniff,
 * a same-origin referrer policy.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** helmet's options for every answer: the CSP above, no framing, a same-origin referrer policy, no COEP. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

export interface BuildAppOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app to serve with history-mode fallback; absent serves the API only. */
  webDist?: string;
  /** Called for every route as it is registered (the authorization matrix test lists them so). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /**
   * Tests: check every 200 answer of a route the OpenAPI document describes against its schema (a mismatch becomes
   * a 500 naming the fields), and report each check here.
   */
  checkResponses?: (check: ResponseCheck) => void;
}

/**
 * Builds the Fastify app: error handling, auth, security headers, compression, every API module under `/api`, and
 * the built web app (plugins/web.ts).
 * Does not listen; `server.ts` does, tests use `app.inject`.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const env = opts.ctx.env;
  const app = Fastify({
    logger: opts.logger ?? false,
    // One log line per request, not two (issue 22).
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: opts.ctx.env.OJ_TRUST_PROXY === 'true',
    // Slow requests (issue 22 item 6): headers and body must arrive in time (Node's requestTimeout and
    // headersTimeout, checked every 1/10 of the timeout); a response, however long (the event streams), is not cut.
    requestTimeout: env.OJ_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(env.OJ_HEADERS_TIMEOUT_MS, env.OJ_REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(env.OJ_REQUEST_TIMEOUT_MS / 10))),
    },
    ajv: { customOptions: { coerceTypes: 'array' } },
    // The API modules are imported while their plugin registers; on a loaded 2-core machine (a contest day, a CI
    // run beside others) that first import took 22 s, past Fastify's default 10 s, and the server refused to start.
    pluginTimeout: 120_000,
    // Errors of the router itself (a malformed URL, an over-long parameter) get the same body as the rest.
    frameworkErrors: (err, _req, reply) => {
      const code = (err as FastifyError).statusCode ?? 400;
      return (reply as unknown as FastifyReply).status(code).send(clientError(code, err).body());
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Those timeouts time the client's bytes only: a request that waited unread while the server was overloaded is not
  // cut with 408 (issue 22).
  timeOnlyClientBytes(app.server, () =>
    app.log.warn('this Node keeps its own request timeout check: an overloaded server may answer 408'),
  );
  // JSON bodies: numbers from numbers or numeric strings only (query strings keep full coercion).
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler(route.httpPart === 'body' ? { ...route, schema: bodySchema(route.schema) } : route),
  );
  app.setSerializerCompiler(serializerCompiler);
  // Extension points are per app: listeners registered by this app's plugins must not land in another's.
  if (opts.ctx.events.size || opts.ctx.scopes.size) {
    throw new Error(
      'buildApp: ctx.events / ctx.scopes already serve an app; give each app newExtensionPoints()',
    );
  }
  app.decorate('ctx', opts.ctx);
  opts.ctx.events.onListenerError((err, event, area) =>
    app.log.error({ err, event, area }, 'an event listener failed'),
  );
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(notifyHubPlugin);
  await app.register(sessionSyncPlugin);
  await app.register(securityHeadersPlugin, HELMET_OPTIONS);
  // JSON and text answers of 1 KiB or more go out compressed (the web assets are precompressed at build time).
  await app.register(compressionPlugin);
  // Text the database cannot store (NUL, lone surrogates) is refused before validation, naming the field.
  app.addHook('preValidation', refuseUnstorableText);
  await app.register(multipart, { limits: { fileSize: 256 * 1024 * 1024, files: 1 } });

  if (opts.checkResponses) checkDocumentedResponses(app, opts.checkResponses);
  // Before the modules: the document is built from the routes as they register.
  await registerOpenApi(app, API_VERSION);

  await app.register(
    async (api) => {
      for (const m of modules) {
        const plugin = (await m.load()).default;
        // Each route carries its area (the OpenAPI tag) in its config.
        await api.register(async (scope) => {
          const area = areaOf(m.name);
          scope.addHook('onRoute', (route) => {
            route.config = { ...route.config, area };
          });
          await scope.register(plugin);
        });
      }
    },
    { prefix: '/api' },
  );

  await registerWeb(app, opts.webDist);
  return app;
}
