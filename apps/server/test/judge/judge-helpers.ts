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

/**
 * Leases the next job as the fake judgehost `judgehostId` and answers it with `status`, `oiRankScore` and one case
 * row per entry of `caseStatuses` (index 1..n). Throws when no job is queued or the result is refused; returns
 * the judged submission's id.
 */
export async function judgeNext(
  app: FastifyInstance,
  ctx: AppContext,
  status: number,
  opts: { caseStatuses?: number[]; oiRankScore?: number | null; judgehostId?: string } = {},
): Promise<number> {
  const headers = await judgeHeaders(ctx);
  const judgehostId = opts.judgehostId ?? 'jh';
  const lease = await call(app, 'POST', '/api/judge/lease', {
    headers,
    payload: { judgehostId, waitSeconds: 0 },
  });
  const task = lease.body.data?.task;
  if (!task) throw new Error(`no job to lease: ${JSON.stringify(lease.body)}`);
  const r = await call(app, 'POST', '/api/judge/result', {
    headers,
    payload: {
      judgehostId,
      jobId: task.jobId,
      version: task.version,
      status,
      score: null,
      oiRankScore: opts.oiRankScore ?? null,
      time: 5,
      memory: 1000,
      errorMessage: null,
      cases: (opts.caseStatuses ?? []).map((st, i) => ({
        index: i + 1,
        status: st,
        time: 1,
        memory: 100,
        score: null,
        groupNum: null,
        inputData: null,
        outputData: null,
        userOutput: null,
        message: null,
      })),
    },
  });
  if (!r.body.data?.accepted) throw new Error(`result refused: ${JSON.stringify(r.body)}`);
  return task.submitId as number;
}

/** Submits a trivial C++ program to `pid` (display id) as the holder of `token`; returns the submitId. */
export async function submitAs(app: FastifyInstance, token: string, pid: string): Promise<number> {
  const r = await call(app, 'POST', '/api/submit-problem-judge', {
    token,
    payload: { pid, language: 'C++', code: 'int main(){}', cid: 0 },
  });
  if (r.code !== 200) throw new Error(`submit failed: ${r.code} ${JSON.stringify(r.body)}`);
  return r.body.data.submitId as number;
}
