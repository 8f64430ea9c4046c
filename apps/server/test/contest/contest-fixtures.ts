import type { FastifyInstance } from 'fastify';
import { call, problemBody } from '../problem/fixtures.js';

/** Milliseconds from now as an ISO time (negative: in the past). */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
export const HOUR = 3600_000;

/** Time windows of a contest relative to now (doc 2 §4.5). */
export const WINDOWS = {
  scheduled: { startTime: fromNow(HOUR), endTime: fromNow(2 * HOUR) },
  running: { startTime: fromNow(-HOUR), endTime: fromNow(HOUR) },
  ended: { startTime: fromNow(-2 * HOUR), endTime: fromNow(-HOUR) },
} as const;

/** A valid contest body (public ACM, running); override any field. */
export function contestPayload(over: Record<string, unknown> = {}) {
  return {
    title: 'Weekly Contest',
    description: 'Solve what you can.',
    type: 0,
    auth: 0,
    ...WINDOWS.running,
    ...over,
  };
}

/** Creates a contest as `token` (an admin role) through the API; returns its cid. Throws on refusal. */
export async function createContest(app: FastifyInstance, token: string, over: Record<string, unknown> = {}) {
  const r = await call(app, {
    method: 'POST',
    url: '/api/admin/contest',
    token,
    payload: contestPayload(over),
  });
  if (r.code !== 200) throw new Error(`create contest: ${r.code} ${r.body?.msg}`);
  return r.body.data.cid as number;
}

/** Adds public problem `pid` to the contest as `displayId`; throws on refusal. */
export async function addProblem(
  app: FastifyInstance,
  token: string,
  cid: number,
  pid: number,
  displayId: string,
) {
  const r = await call(app, {
    method: 'POST',
    url: '/api/admin/contest/add-problem-from-public',
    token,
    payload: { cid, pid, displayId },
  });
  if (r.code !== 200) throw new Error(`add problem: ${r.code} ${r.body?.msg}`);
}

/** Submits trivial C++ code to the contest problem `pid` (numeric or display id); returns the raw answer. */
export function contestSubmit(
  app: FastifyInstance,
  token: string | undefined,
  cid: number,
  pid: number | string,
) {
  return call(app, {
    method: 'POST',
    url: '/api/submit-problem-judge',
    token,
    payload: { pid, cid, language: 'C++', code: 'int main(){}' },
  });
}

/** Two scored cases, as an OI problem needs. */
export const OI_SAMPLES = {
  samples: [
    { input: '1 2\n', output: '3\n', score: 50 },
    { input: '5 7\n', output: '12\n', score: 50 },
  ],
};

/** Creates a problem through the admin API (OI ones get scored cases); returns its pid. */
export async function newProblem(
  app: FastifyInstance,
  token: string,
  problemId: string,
  over: Record<string, unknown> = {},
) {
  const top = over.type === 1 ? OI_SAMPLES : {};
  const r = await call(app, {
    method: 'POST',
    url: '/api/admin/problem',
    token,
    payload: problemBody(problemId, over, top),
  });
  if (r.code !== 200) throw new Error(`problem ${problemId}: ${r.body.msg}`);
  return r.body.data.pid as number;
}
