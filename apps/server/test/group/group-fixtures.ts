import { GroupAuth } from '@oj/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** `app.inject` with an optional token (any method); status code and parsed JSON body. */
export async function req(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; payload?: unknown } = {},
) {
  const res = await app.inject({
    method,
    url,
    payload: opts.payload as never,
    headers: opts.token ? { authorization: opts.token } : {},
  });
  let body: ApiBody | null = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { code: res.statusCode, body: body as ApiBody };
}

// biome-ignore lint/suspicious/noExplicitAny: API JSON read by tests field by field
type ApiBody = { status: number; msg: string; msgKey?: string; data: any };

let made = 0;

/** A valid POST /api/group body: unique name and short name, `auth` (default public), code `abc123`. */
export function groupBody(auth: number = GroupAuth.PUBLIC, over: Record<string, unknown> = {}) {
  made += 1;
  const n = `${Date.now().toString(36).slice(-4)}${made}`;
  return {
    name: `Group ${n}`,
    shortName: `g${n}`.slice(0, 10),
    brief: 'A study group',
    description: 'We practise together.',
    auth,
    code: 'abc123',
    visible: true,
    ...over,
  };
}

/** Creates a group as `token`'s holder; throws unless 200. Returns the GroupVo. */
export async function makeGroup(app: FastifyInstance, token: string, body = groupBody()) {
  const r = await req(app, 'POST', '/api/group', { token, payload: body });
  if (r.code !== 200) throw new Error(`create group: ${r.code} ${JSON.stringify(r.body)}`);
  return r.body.data as { id: number; shortName: string; name: string };
}

/** Joins or applies to `gid`; returns the response. */
export function join(app: FastifyInstance, token: string, gid: number, extra: Record<string, unknown> = {}) {
  return req(app, 'POST', '/api/group/member', { token, payload: { gid, ...extra } });
}

/** Sets `uid`'s level in `gid` as `token`'s holder; returns the response. */
export function setLevel(app: FastifyInstance, token: string, gid: number, uid: string, auth: number) {
  return req(app, 'PUT', '/api/group/member', { token, payload: { gid, uid, auth } });
}
