import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { makeRoleUsers, call as pcall, problemBody, type RoleTokens } from '../problem/fixtures.js';
import { call, judgeHeaders, registerJudgehost } from './judge-helpers.js';

// Issue 29 part 3: the problem's borderline TLE re-check switch and margin, with the site default from the Switch
// config, reach the judge task (judgeProblem.tleRecheck), the problem's public detail (limits panel) and a case
// result's `rerun` comes back in the case table's data.

let t: TestApp;
let tok: RoleTokens;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  tok = await makeRoleUsers(t.ctx);
  root = await login(t.app, 'root', ROOT_PASSWORD);
  await registerJudgehost(t.app, t.ctx, 'jh-r');
});
afterAll(async () => t.close());

/** Creates a problem through the admin API with the given re-check fields; returns its display id. */
async function problemWith(id: string, fields: Record<string, unknown>): Promise<string> {
  const r = await pcall(t.app, {
    method: 'POST',
    url: '/api/admin/problem',
    token: tok.admin,
    payload: problemBody(id, { ...fields, openCaseResult: true }),
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  return id;
}

/** Submits to `problemId` as root and leases the job: the task the judgehost gets. */
async function taskOf(problemId: string) {
  const s = await call(t.app, 'POST', '/api/submit-problem-judge', {
    token: root,
    payload: { pid: problemId, language: 'C++', code: 'int main(){}', cid: 0 },
  });
  expect(s.code, JSON.stringify(s.body)).toBe(200);
  const lease = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId: 'jh-r', waitSeconds: 0 },
  });
  const task = lease.body.data.task;
  expect(task.submitId).toBe(s.body.data.submitId);
  return task;
}

const setSite = (body: Record<string, unknown>) =>
  pcall(t.app, { method: 'PUT', url: '/api/admin/switch/update', token: root, payload: body });

const limitsPanel = async (problemId: string) =>
  (await pcall(t.app, { method: 'GET', url: `/api/get-problem-detail?problemId=${problemId}` })).body.data
    .problem.tleRecheckMargin;

describe('borderline TLE re-check policy', () => {
  it('site default on with 5 %: a problem left at default gets 5 % in its task and its limits', async () => {
    const id = await problemWith('RC1', {});
    expect((await taskOf(id)).problem.tleRecheck).toEqual({ marginPercent: 5 });
    expect(await limitsPanel(id)).toBe(5);
  });

  it('the site default changed in the Switch config reaches the next task; the problem margin wins', async () => {
    const id = await problemWith('RC2', { tleRecheckMargin: 12 });
    expect((await setSite({ tleRecheck: true, tleRecheckMarginPercent: 9 })).code).toBe(200);
    expect((await taskOf(id)).problem.tleRecheck).toEqual({ marginPercent: 12 });
    expect((await taskOf('RC1')).problem.tleRecheck).toEqual({ marginPercent: 9 });
    expect((await setSite({ tleRecheck: false })).code).toBe(200);
    expect((await taskOf(id)).problem.tleRecheck).toBeNull();
    expect(await limitsPanel(id)).toBeNull();
  });

  it('a problem switched on overrides a site that is off; switched off overrides a site that is on', async () => {
    await setSite({ tleRecheck: false, tleRecheckMarginPercent: 5 });
    const on = await problemWith('RC3', { tleRecheck: 'on' });
    expect((await taskOf(on)).problem.tleRecheck).toEqual({ marginPercent: 5 });
    expect(await limitsPanel(on)).toBe(5);
    await setSite({ tleRecheck: true });
    const off = await problemWith('RC4', { tleRecheck: 'off', tleRecheckMargin: 10 });
    expect((await taskOf(off)).problem.tleRecheck).toBeNull();
    expect(await limitsPanel(off)).toBeNull();
  });

  it('the admin form keeps the fields (GET after PUT) and refuses bad values with 400 naming the field', async () => {
    const created = await pcall(t.app, {
      method: 'GET',
      url: '/api/admin/problem/get-problem-list',
      token: tok.admin,
    });
    const pid = created.body.data.records.find((r: { problemId: string }) => r.problemId === 'RC3').id;
    const get = async () =>
      (await pcall(t.app, { method: 'GET', url: `/api/admin/problem?pid=${pid}`, token: tok.admin })).body
        .data;
    expect(await get()).toMatchObject({ tleRecheck: 'on', tleRecheckMargin: null });
    const put = (over: Record<string, unknown>) =>
      pcall(t.app, {
        method: 'PUT',
        url: '/api/admin/problem',
        token: tok.admin,
        payload: problemBody('RC3', { id: pid, tleRecheck: 'on', ...over }),
      });
    const ok = await put({ tleRecheck: 'off', tleRecheckMargin: 3 });
    expect(ok.code, JSON.stringify(ok.body)).toBe(200);
    expect(await get()).toMatchObject({ tleRecheck: 'off', tleRecheckMargin: 3 });
    for (const [field, value] of [
      ['tleRecheck', 'sometimes'],
      ['tleRecheckMargin', 0],
      ['tleRecheckMargin', 21],
    ] as const) {
      const bad = await put({ [field]: value });
      expect(bad.code, `${field}=${value}`).toBe(400);
      expect(bad.body.msg, `${field}=${value}`).toContain(field);
    }
    const site = await setSite({ tleRecheckMarginPercent: 0 });
    expect([site.code, site.body.msg]).toEqual([400, expect.stringContaining('tleRecheckMarginPercent')]);
  });

  it('a case result with a re-run is stored and shown with both times in the case table data', async () => {
    const task = await taskOf('RC1');
    const kase = (index: number, time: number, rerun: unknown) => ({
      index,
      status: 0,
      time,
      memory: 100,
      score: null,
      groupNum: null,
      inputData: null,
      outputData: null,
      userOutput: null,
      message: null,
      rerun,
    });
    const r = await call(t.app, 'POST', '/api/judge/result', {
      headers: await judgeHeaders(t.ctx),
      payload: {
        judgehostId: 'jh-r',
        jobId: task.jobId,
        version: task.version,
        status: 0,
        score: null,
        oiRankScore: null,
        time: 980,
        memory: 100,
        errorMessage: null,
        cases: [kase(1, 980, { firstMs: 1030, secondMs: 980 }), kase(2, 3, undefined)],
      },
    });
    expect(r.body.data.accepted).toBe(true);
    const cases = await call(t.app, 'GET', `/api/get-all-case-result?submitId=${task.submitId}`, {
      token: root,
    });
    expect(cases.body.data.judgeCaseList.map((c: { rerun: unknown }) => c.rerun)).toEqual([
      { firstMs: 1030, secondMs: 980 },
      null,
    ]);
  });
});
