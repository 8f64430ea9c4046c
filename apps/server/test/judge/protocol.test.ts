import { judgeTask } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { judgeJobs, submissions } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/lib/sql-rows.js';
import { queueSettings, sweepExpiredLeases } from '../../src/modules/judge/queue.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeHeaders, registerJudgehost } from './judge-helpers.js';

let t: TestApp;
let root: string;
let pidStr: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  pidStr = (await aPlusB(t.ctx)).problemId;
  await registerJudgehost(t.app, t.ctx, 'jh-1');
  await registerJudgehost(t.app, t.ctx, 'jh-2');
});
afterEach(async () => t.close());

const submit = async (code = 'int main(){}', language = 'C++') =>
  (
    await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: root,
      payload: { pid: pidStr, language, code, cid: 0 },
    })
  ).body.data.submitId as number;

async function lease(judgehostId: string, waitSeconds = 0) {
  const r = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId, waitSeconds },
  });
  expect(r.code).toBe(200);
  return r.body.data.task as null | {
    jobId: number;
    submitId: number;
    version: number;
    testcases: unknown[];
  };
}

const result = (judgehostId: string, jobId: number, version: number, status = 0) => ({
  judgehostId,
  jobId,
  version,
  status,
  score: null,
  oiRankScore: null,
  time: 3,
  memory: 1024,
  errorMessage: null,
  cases: [
    {
      index: 1,
      status,
      time: 3,
      memory: 1024,
      score: null,
      groupNum: null,
      inputData: null,
      outputData: null,
      userOutput: null,
      message: null,
    },
  ],
});

describe('judge protocol', () => {
  it('refuses a wrong or missing judge token with 401', async () => {
    const wrong = await call(t.app, 'POST', '/api/judge/lease', {
      headers: { 'x-judge-token': 'not-the-token' },
      payload: { judgehostId: 'jh-1', waitSeconds: 0 },
    });
    expect(wrong.code).toBe(401);
    const none = await call(t.app, 'POST', '/api/judge/register', { payload: {} });
    expect(none.code).toBe(401);
  });

  it('gives the task with test cases whose blobs can be fetched by hash', async () => {
    const id = await submit();
    const task = (await lease('jh-1')) as unknown as {
      submitId: number;
      testcases: { outputHash: string }[];
    };
    expect(task.submitId).toBe(id);
    // Every column of every case, in index order, and nothing else (the task is validated by the judgehost).
    const rows =
      await t.ctx.db.execute(sql`SELECT index, input_name AS "inputName", output_name AS "outputName",
      input_hash AS "inputHash", output_hash AS "outputHash", input_size AS "inputSize",
      output_size AS "outputSize", score, group_num AS "groupNum"
      FROM testcases WHERE pid = (SELECT pid FROM submissions WHERE id = ${id}) ORDER BY index`);
    const expected = rowsOf<Record<string, unknown>>(rows);
    expect(expected).toHaveLength(2);
    expect(task.testcases).toEqual(expected);
    expect(judgeTask.safeParse(task).success).toBe(true);
    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/judge/blob/${task.testcases[1].outputHash}`,
      headers: await judgeHeaders(t.ctx),
    });
    expect(blob.statusCode).toBe(200);
    expect(blob.body).toBe('12\n');
  });

  it('leases contest jobs before older practice jobs', async () => {
    const first = await submit();
    const second = await submit();
    // Make the second a contest job (contest submissions come later; the queue already orders by priority).
    await t.ctx.db.execute(sql`UPDATE judge_jobs SET priority = 10 WHERE submit_id = ${second}`);
    expect((await lease('jh-1'))?.submitId).toBe(second);
    expect((await lease('jh-1'))?.submitId).toBe(first);
    expect(await lease('jh-1')).toBeNull();
  });

  it('a long-poll lease wakes as soon as a submission is queued', async () => {
    // No polling to fall back on: only the wake-up of this process can answer the lease in time.
    const pollMs = queueSettings.pollMs;
    queueSettings.pollMs = 60_000;
    try {
      const pending = lease('jh-1', 10);
      await new Promise((r) => setTimeout(r, 300));
      const id = await submit();
      const submitted = Date.now();
      const task = await pending;
      expect(task?.submitId).toBe(id);
      expect(Date.now() - submitted).toBeLessThan(250);
    } finally {
      queueSettings.pollMs = pollMs;
    }
  });

  it('marks a leased submission Compiling at once; progress makes it Judging; a released job is queued again', async () => {
    const id = await submit();
    const status = async () => (await t.ctx.db.select().from(submissions))[0];
    const first = (await lease('jh-1'))!;
    expect(await status()).toMatchObject({ status: 6, judger: 'jh-1' });
    const progress = async (judgehostId: string) =>
      (
        await call(t.app, 'POST', '/api/judge/progress', {
          headers: await judgeHeaders(t.ctx),
          payload: { judgehostId, jobId: first.jobId, status: 7 },
        })
      ).body.data.accepted;
    expect(await progress('jh-2')).toBe(false);
    expect((await status()).status).toBe(6);
    expect(await progress('jh-1')).toBe(true);
    expect((await status()).status).toBe(7);
    const release = async (judgehostId: string) =>
      call(t.app, 'POST', '/api/judge/release', {
        headers: await judgeHeaders(t.ctx),
        payload: { judgehostId, jobIds: [first.jobId] },
      });
    // Another judgehost cannot give the job back.
    expect((await release('jh-2')).body.data.released).toBe(0);
    expect((await release('jh-1')).body.data).toEqual({ released: 1 });
    expect((await status()).status).toBe(5);
    const [job] = await t.ctx.db.select().from(judgeJobs);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, judgehostId: null });
    const again = (await lease('jh-2'))!;
    expect(again).toMatchObject({ jobId: first.jobId, submitId: id });
    expect((await release('jh-1')).body.data.released).toBe(0);
    const bad = await call(t.app, 'POST', '/api/judge/release', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId: 'jh-2', jobIds: [] },
    });
    expect(bad.code).toBe(400);
  });

  it('marks a leased test run Compiling, and Pending again when released', async () => {
    const ok = await call(t.app, 'POST', '/api/submit-problem-test-judge', {
      token: root,
      payload: { pid: pidStr, language: 'C++', code: 'int main(){}', type: 'public', userInput: '1 2' },
    });
    const key = ok.body.data as string;
    const status = async () =>
      (await call(t.app, 'GET', `/api/get-test-judge-result?testJudgeKey=${key}`, { token: root })).body.data
        .status;
    const task = (await lease('jh-1'))!;
    expect(await status()).toBe(6);
    const released = await call(t.app, 'POST', '/api/judge/release', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId: 'jh-1', jobIds: [task.jobId] },
    });
    expect(released.body.data.released).toBe(1);
    expect(await status()).toBe(5);
  });

  it('accepts a result once, only from the lease holder, and applies counters', async () => {
    const id = await submit();
    const task = (await lease('jh-1'))!;
    const foreign = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-2', task.jobId, task.version),
    });
    expect(foreign.body.data.accepted).toBe(false);
    const first = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-1', task.jobId, task.version),
    });
    expect(first.body.data.accepted).toBe(true);
    const dup = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-1', task.jobId, task.version),
    });
    expect(dup.body.data.accepted).toBe(false);
    const detail = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${id}`, { token: root });
    expect(detail.body.data.submission).toMatchObject({ status: 0, time: 3, memory: 1024, judger: 'jh-1' });
    const cases = await call(t.app, 'GET', `/api/get-all-case-result?submitId=${id}`, { token: root });
    expect(cases.body.data.judgeCaseList).toHaveLength(1);
  });

  it('refuses a result for an older version after a rejudge, and moves counters on the new verdict', async () => {
    const id = await submit();
    const old = (await lease('jh-1'))!;
    const rj = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: root });
    expect(rj.body.data.status).toBe(5);
    const stale = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-1', old.jobId, old.version),
    });
    expect(stale.body.data.accepted).toBe(false);
    const fresh = (await lease('jh-2'))!;
    expect(fresh.version).toBe(old.version + 1);
    await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-2', fresh.jobId, fresh.version, -1),
    });
    // Rejudge again to AC: WA must be undone, total stays 1.
    await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: root });
    const again = (await lease('jh-1'))!;
    await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: result('jh-1', again.jobId, again.version, 0),
    });
    const rows = await t.ctx.db.execute(
      sql`SELECT count_total AS total, count_ac AS ac, count_wa AS wa FROM problems WHERE problem_id = ${pidStr}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ total: 1, ac: 1, wa: 0 });
  });

  it('returns an expired lease to the queue, and gives up after the last attempt with System Error', async () => {
    const id = await submit();
    for (let attempt = 1; attempt <= queueSettings.maxAttempts; attempt++) {
      const task = await lease(attempt % 2 ? 'jh-1' : 'jh-2');
      expect(task?.submitId).toBe(id);
      await call(t.app, 'POST', '/api/judge/progress', {
        headers: await judgeHeaders(t.ctx),
        payload: { judgehostId: attempt % 2 ? 'jh-1' : 'jh-2', jobId: task!.jobId, status: 6 },
      });
      await t.ctx.db.update(judgeJobs).set({ leaseExpires: new Date(Date.now() - 1000) });
      const swept = await sweepExpiredLeases(t.ctx.db);
      if (attempt < queueSettings.maxAttempts) {
        expect(swept).toEqual({ requeued: 1, failed: 0 });
        const [s] = await t.ctx.db.select().from(submissions);
        expect(s.status).toBe(5);
      } else {
        expect(swept).toEqual({ requeued: 0, failed: 1 });
      }
    }
    const [s] = await t.ctx.db.select().from(submissions);
    expect(s.status).toBe(4);
    expect(s.errorMessage).toMatch(/System Error/);
    expect(await lease('jh-1')).toBeNull();
  });

  it('heartbeats keep a lease alive and unknown judgehosts must register', async () => {
    await submit();
    const task = (await lease('jh-1'))!;
    const before = await t.ctx.db.select().from(judgeJobs);
    await new Promise((r) => setTimeout(r, 20));
    const hb = await call(t.app, 'POST', '/api/judge/heartbeat', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId: 'jh-1', running: 1, load: 0.5, jobIds: [task.jobId] },
    });
    expect(hb.code).toBe(200);
    const after = await t.ctx.db.select().from(judgeJobs);
    expect(after[0].leaseExpires!.getTime()).toBeGreaterThan(before[0].leaseExpires!.getTime());
    const unknown = await call(t.app, 'POST', '/api/judge/heartbeat', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId: 'nobody', running: 0, load: 0 },
    });
    expect(unknown.code).toBe(404);
  });
});
