import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiResponseOf } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCUMENTED_RESPONSES } from '../openapi/responses.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area (API module) that registered the route: its OpenAPI tag. */
    area?: string;
  }
}

/** Where the reference page lives; its own routes (assets, json, yaml) are under it and not in the document. */
export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({});

/**
 * The published contract (issue 26): @fastify/swagger builds an OpenAPI 3.1 document from every route's zod
 * schemas as the routes register (so it must be registered before them), each route tagged with its area (the
 * module that registered it, `config.area`), with the documented answers of DOCUMENTED_RESPONSES. Serves the
 * document at `GET /api/openapi.json` and a reference page (Swagger UI, its assets from this origin under the
 * site's CSP) at `GET /api/docs`. Both public: the routes of an open-source server are no secret, and every route
 * still checks its own permissions.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OJ API',
        version,
        description:
          'Every answer is `{ status, msg, data }`; errors carry `msgKey` and `msgParams` (docs/api-guards.md). ' +
          'Sign in with POST /api/login; send the token of its Authorization header back in that header. ' +
          'Judgehosts send their token as a Bearer token (docs/judge-protocol.md).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!url.startsWith('/api/') || url.startsWith(DOCS_PREFIX)) return { schema: { hide: true }, url };
      const method = [route.method].flat()[0];
      const data = DOCUMENTED_RESPONSES[`${method} ${url}`];
      const area = route.config?.area ?? 'other';
      const schema = {
        ...input.schema,
        tags: [area],
        ...(data ? { response: { 200: apiResponseOf(data) } } : {}),
      };
      return zodTransform({ ...input, schema } as Parameters<typeof zodTransform>[0]);
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false });
  /** GET /api/openapi.json -> the OpenAPI 3.1 document of every API route (issue 26). */
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** The area a module's routes are tagged with: its name up to the first dash (`file-kattis` -> `file`). */
export function areaOf(moduleName: string): string {
  return moduleName === 'admin-user' ? 'admin' : moduleName.split('-')[0];
}
