import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiResponseOf } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { DOCUMENTED_RESPONSES } from './responses.js';

/** One checked answer: the route (`METHOD /api/path`) and what did not match its documented schema (null: all did). */
export interface ResponseCheck {
  route: string;
  issues: string | null;
}

/** The body of an answer as text, whatever its encoding (the board sends pre-compressed pages). */
function bodyText(payload: unknown, encoding: unknown): string | null {
  const raw = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  if (!raw) return null;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/**
 * Checks every 200 answer of a documented route against its schema (DOCUMENTED_RESPONSES) and reports each check to
 * `report`; a mismatch also replaces the answer by a 500 naming the fields, so the test that made the request fails
 * where it stands. For test apps only (it parses every documented answer again).
 */
export function checkDocumentedResponses(app: FastifyInstance, report: (check: ResponseCheck) => void): void {
  const schemas = new Map(
    Object.entries(DOCUMENTED_RESPONSES).map(([route, data]) => [route, apiResponseOf(data)] as const),
  );
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 200) return payload;
    const route = `${req.method} ${req.routeOptions.url}`;
    const schema = schemas.get(route);
    if (!schema) return payload;
    const text = bodyText(payload, reply.getHeader('content-encoding'));
    if (text === null) return payload;
    const parsed = schema.safeParse(JSON.parse(text));
    const issues = parsed.success
      ? null
      : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    report({ route, issues });
    if (!issues) return payload;
    reply.code(500).removeHeader('content-encoding').type('application/json');
    return JSON.stringify({
      status: 500,
      msg: `answer does not match the documented schema of ${route}: ${issues}`,
    });
  });
}
