import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { users } from '../../src/db/schema/index.js';
import { getJudgeToken } from '../../src/modules/judge/token.js';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { login } from '../helpers.js';

const PASSWORD = 'secret123';

/** Creates a user with `role` and returns its token. */
export async function userWithRole(
  app: FastifyInstance,
  ctx: AppContext,
  username: string,
  role: number,
): Promise<string> {
  await ctx.db
    .insert(users)
    .values({ username, passwordHash: await hash(PASSWORD), role, nickname: username });
  return login(app, username, PASSWORD);
}

/** The judge protocol headers with the real token. */
export async function judgeHeaders(ctx: AppContext): Promise<Record<string, string>> {
  return { 'x-judge-token': await getJudgeToken(ctx) };
}

/** All seeded language names reported available by a fake judgehost. */
export const ALL_LANGS = ['C', 'C++', 'Java', 'Python3', 'C++ 17'].map((name) => ({
  name,
  version: '1',
  available: true,
}));

/** Registers a judgehost through the protocol (no real process). */
export async function registerJudgehost(
  app: FastifyInstance,
  ctx: AppContext,
  judgehostId: string,
  languages = ALL_LANGS,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/judge/register',
    headers: await judgeHeaders(ctx),
    payload: { judgehostId, name: judgehostId, cpuCount: 2, workers: 2, languages },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
}

/** A public A+B problem with two cases; returns { id, problemId }. */
export async function aPlusB(ctx: AppContext, problemId?: string) {
  return createProblem(ctx.db, {
    problem: { title: 'A+B', problemId, timeLimit: 1000, memoryLimit: 256 },
    testcases: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 7\n', output: '12\n' },
    ],
  });
}

/** POST helper returning the parsed JSON body and status code. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url,
    payload: opts.payload as never,
    headers: { ...(opts.token ? { authorization: opts.token } : {}), ...(opts.headers ?? {}) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: API JSON read by tests field by field
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}
