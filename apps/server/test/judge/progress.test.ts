import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema/index.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeHeaders, registerJudgehost, submitAs } from './judge-helpers.js';

// Issue 14 "Judging progress on screen": the judgehost's progress reports reach the status checks.
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

const check = async (submitId: number, cid?: number) =>
  (
    await call(t.app, 'POST', '/api/check-submissions-status', {
      token: root,
      payload: { submitIds: [submitId], ...(cid === undefined ? {} : { cid }) },
    })
  ).body.data[submitId];

async function lease(judgehostId: string) {
  const r = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId, waitSeconds: 0 },
  });
  return r.body.data.task as { jobId: number; version: number; testcases: unknown[] };
}

const progress = async (
  judgehostId: string,
  jobId: number,
  status: number,
  judged?: number,
  total?: number,
) =>
  (
    await call(t.app, 'POST', '/api/judge/progress', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId, jobId, status, judged, total },
    })
  ).body.data.accepted as boolean;

describe('judging progress in the status checks', () => {
  it('shows Compiling and Judging k/n as reported, only from the holder, and the verdict once stored', async () => {
    const id = await submitAs(t.app, root, pidStr);
    expect(await check(id)).toEqual({
      submitId: id,
      status: 5,
      score: null,
      time: null,
      memory: null,
      judged: null,
      total: null,
    });
    const task = await lease('jh-1');
    const n = task.testcases.length;
    // Leased: Compiling, no count yet.
    expect(await check(id)).toMatchObject({ status: 6, judged: null, total: null });
    expect(await progress('jh-1', task.jobId, 6, 0, n)).toBe(true);
    expect(await check(id)).toMatchObject({ status: 6, judged: 0, total: n });
    expect(await progress('jh-1', task.jobId, 7, 0, n)).toBe(true);
    expect(await check(id)).toMatchObject({ status: 7, judged: 0, total: n });

    // A case report moves the count without rewriting the submission row (no heavy writes per case).
    const modified = async () =>
      (await t.ctx.db.select().from(submissions).where(eq(submissions.id, id)))[0].gmtModified.getTime();
    const before = await modified();
    await new Promise((r) => setTimeout(r, 15));
    expect(await progress('jh-1', task.jobId, 7, 1, n)).toBe(true);
    expect(await check(id)).toMatchObject({ status: 7, judged: 1, total: n });
    expect(await modified()).toBe(before);

    // Another judgehost's report changes nothing.
    expect(await progress('jh-2', task.jobId, 7, n, n)).toBe(false);
    expect(await check(id)).toMatchObject({ judged: 1 });

    const res = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: {
        judgehostId: 'jh-1',
        jobId: task.jobId,
        version: task.version,
        status: 0,
        score: null,
        oiRankScore: null,
        time: 7,
        memory: 2048,
        errorMessage: null,
        cases: [],
      },
    });
    expect(res.body.data.accepted).toBe(true);
    expect(await check(id)).toEqual({
      submitId: id,
      status: 0,
      score: null,
      time: 7,
      memory: 2048,
      judged: null,
      total: null,
    });
  });

  it('a rejudge starts from no count, and a report without counts keeps the last ones', async () => {
    const id = await submitAs(t.app, root, pidStr);
    const task = await lease('jh-1');
    expect(await progress('jh-1', task.jobId, 7, 1, 2)).toBe(true);
    expect(await progress('jh-1', task.jobId, 7)).toBe(true);
    expect(await check(id)).toMatchObject({ status: 7, judged: 1, total: 2 });
    const rejudge = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: root });
    expect(rejudge.code).toBe(200);
    expect(await check(id)).toMatchObject({ status: 5, judged: null, total: null });
    await lease('jh-2');
    expect(await check(id)).toMatchObject({ status: 6, judged: null, total: null });
  });

  it('honours cid: practice submissions are not in a contest scope; a bad cid is a 400 naming it', async () => {
    const id = await submitAs(t.app, root, pidStr);
    expect(await check(id, 0)).toMatchObject({ submitId: id, status: 5 });
    // With a cid the contest's own check answers: an unknown contest is a 404, never a practice verdict.
    const other = await call(t.app, 'POST', '/api/check-submissions-status', {
      token: root,
      payload: { submitIds: [id], cid: 3 },
    });
    expect(other.code).toBe(404);
    const bad = await call(t.app, 'POST', '/api/check-submissions-status', {
      token: root,
      payload: { submitIds: [id], cid: -1 },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('cid');
  });
});
