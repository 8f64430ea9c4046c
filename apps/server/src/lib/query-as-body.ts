import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook for POST routes that HOJ's client calls with query parameters and an empty JSON body (e.g.
 * `POST /api/group/add-training-problem-from-group?problemId=&tid=`; docs/api-admin.md "HOJ client
 * compatibility"). Takes the field names; each one missing from the body but given once in the query is copied
 * into the body, which the route's body schema then validates as usual (a body value wins; a body that is not a
 * JSON object is left alone, for the schema to refuse).
 */
export function queryAsBody(fields: readonly string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    const out = { ...(body as Record<string, unknown>) };
    let changed = false;
    for (const f of fields) {
      if (out[f] === undefined && typeof query[f] === 'string') {
        out[f] = query[f];
        changed = true;
      }
    }
    if (changed) req.body = out;
  };
}
