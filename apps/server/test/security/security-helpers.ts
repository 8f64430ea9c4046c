import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.js';
import { call, judgeHeaders } from '../judge/judge-helpers.js';

/** One case of a fake judge result: its status, and the data the judgehost stores with it. */
export interface FakeCase {
  status: number;
  inputData?: string;
  outputData?: string;
  userOutput?: string;
  message?: string;
}

/**
 * Leases the next job as the fake judgehost `jh` and answers it with `status` and the given cases (index 1..n),
 * input / expected / user output previews and checker messages included. Returns the judged submission's id.
 */
export async function judgeWithData(
  app: FastifyInstance,
  ctx: AppContext,
  status: number,
  cases: FakeCase[],
): Promise<number> {
  const headers = await judgeHeaders(ctx);
  const lease = await call(app, 'POST', '/api/judge/lease', {
    headers,
    payload: { judgehostId: 'jh', waitSeconds: 0 },
  });
  const task = lease.body.data?.task;
  if (!task) throw new Error(`no job to lease: ${JSON.stringify(lease.body)}`);
  const r = await call(app, 'POST', '/api/judge/result', {
    headers,
    payload: {
      judgehostId: 'jh',
      jobId: task.jobId,
      version: task.version,
      status,
      score: null,
      oiRankScore: null,
      time: 5,
      memory: 1000,
      errorMessage: null,
      cases: cases.map((c, i) => ({
        index: i + 1,
        status: c.status,
        time: 3,
        memory: 200,
        score: null,
        groupNum: null,
        inputData: c.inputData ?? null,
        outputData: c.outputData ?? null,
        userOutput: c.userOutput ?? null,
        message: c.message ?? null,
      })),
    },
  });
  if (!r.body.data?.accepted) throw new Error(`result refused: ${JSON.stringify(r.body)}`);
  return task.submitId as number;
}
