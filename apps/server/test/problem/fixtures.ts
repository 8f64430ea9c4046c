import { Role } from '@oj/shared';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { users } from '../../src/db/schema/index.js';
import { createSession } from '../../src/plugins/auth.js';

/** Tokens for one user of each role the problem routes care about (anonymous has none). */
export interface RoleTokens {
  user: string;
  problemAdmin: string;
  admin: string;
  root: string;
}
export type RoleName = 'anonymous' | keyof RoleTokens;

/** Creates a user with `role` straight in the database and returns its uid and a session token. */
export async function makeUser(
  ctx: AppContext,
  username: string,
  role: number,
): Promise<{ uid: string; token: string }> {
  const [row] = await ctx.db
    .insert(users)
    .values({ username, passwordHash: 'x', role, nickname: username })
    .returning({ uid: users.uid });
  const token = await createSession(ctx, row.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
  return { uid: row.uid, token };
}

/** One user per role: `alice` user, `pa` problem admin, `adm` admin, `root2` super admin. */
export async function makeRoleUsers(
  ctx: AppContext,
): Promise<RoleTokens & { uids: Record<keyof RoleTokens, string> }> {
  const u = await makeUser(ctx, 'alice', Role.USER);
  const pa = await makeUser(ctx, 'pa', Role.PROBLEM_ADMIN);
  const adm = await makeUser(ctx, 'adm', Role.ADMIN);
  const root = await makeUser(ctx, 'root2', Role.ROOT);
  return {
    user: u.token,
    problemAdmin: pa.token,
    admin: adm.token,
    root: root.token,
    uids: { user: u.uid, problemAdmin: pa.uid, admin: adm.uid, root: root.uid },
  };
}

/** `app.inject` with an optional token; returns status code and parsed JSON body. */
export async function call(
  app: FastifyInstance,
  opts: InjectOptions & { token?: string },
): Promise<{
  code: number;
  body: { status: number; msg: string; data: any };
  raw: Buffer;
  headers: Record<string, unknown>;
}> {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) },
  });
  let body: any = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { code: res.statusCode, body, raw: res.rawPayload, headers: res.headers };
}

/** A valid admin problem body (ACM, two typed cases, C++ and C); override fields with `over`. */
export function problemBody(
  problemId: string,
  over: Record<string, unknown> = {},
  top: Record<string, unknown> = {},
) {
  return {
    problem: {
      problemId,
      title: `Title of ${problemId}`,
      description: 'Add two numbers.',
      input: 'Two integers.',
      output: 'Their sum.',
      examples: [{ input: '1 2', output: '3' }],
      timeLimit: 1000,
      memoryLimit: 256,
      type: 0,
      auth: 1,
      ...over,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 7\n', output: '12\n' },
    ],
    languages: ['C++', 'C'],
    tags: [{ name: 'math' }],
    codeTemplates: [],
    ...top,
  };
}

/** Multipart body with one file field; returns payload and headers for app.inject. */
export function multipart(
  field: string,
  fileName: string,
  data: Uint8Array,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----oj${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(data), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
