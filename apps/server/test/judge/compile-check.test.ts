import { Role } from '@oj/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { judgeJobs } from '../../src/db/schema/index.js';
import { queueSettings, sweepExpiredLeases } from '../../src/modules/judge/queue.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, judgeHeaders, registerJudgehost, userWithRole } from './judge-helpers.js';

let t: TestApp;
let root: string;
beforeEach(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
  await registerJudgehost(t.app, t.ctx, 'jh-1');
});
afterEach(async () => t.close());

const CHECKER =
  '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';

async function lease(lanes: ('judge' | 'test')[] = ['judge', 'test']) {
  const r = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId: 'jh-1', waitSeconds: 0, lanes },
  });
  expect(r.code).toBe(200);
  return r.body.data.task;
}

const postResult = async (jobId: number, version: number, status: number, errorMessage: string | null) =>
  call(t.app, 'POST', '/api/judge/result', {
    headers: await judgeHeaders(t.ctx),
    payload: {
      judgehostId: 'jh-1',
      jobId,
      version,
      status,
      score: null,
      oiRankScore: null,
      time: 0,
      memory: 0,
      errorMessage,
      cases: [],
    },
  });

const compileResult = async (key: string, token = root) =>
  call(t.app, 'GET', `/api/admin/problem/compile-result?key=${encodeURIComponent(key)}`, { token });

describe('compile check of special-judge / interactor code (doc 3 §4, §7)', () => {
  it('queues a compile job the judgehost leases with the code, language and extra files; ok result', async () => {
    const q = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { pid: null, code: CHECKER, language: 'C++', extraFiles: { 'testlib.h': '// header' } },
    });
    expect(q.code).toBe(200);
    const key = q.body.data as string;
    expect(typeof key).toBe('string');
    expect((await compileResult(key)).body.data).toEqual({ status: 'queued', message: '' });

    expect(await lease(['judge'])).toBeNull();
    const task = await lease(['test']);
    expect(task).toMatchObject({ kind: 'compile', testKey: key, language: 'C++', code: CHECKER });
    expect(task.problem.judgeMode).toBe('spj');
    expect(task.problem.judgeExtraFile).toEqual({ 'testlib.h': '// header' });

    const posted = await postResult(task.jobId, task.version, 0, null);
    expect(posted.body.data.accepted).toBe(true);
    expect((await compileResult(key)).body.data).toEqual({ status: 'ok', message: '' });
    // A duplicate post is refused and changes nothing.
    expect((await postResult(task.jobId, task.version, -2, 'late')).body.data.accepted).toBe(false);
    expect((await compileResult(key)).body.data.status).toBe('ok');
  });

  it('an interactor with a compile error answers error with the compiler message', async () => {
    const q = await call(t.app, 'POST', '/api/admin/problem/compile-interactive', {
      token: root,
      payload: { code: 'int main( {', language: 'C' },
    });
    expect(q.code).toBe(200);
    const task = await lease();
    expect(task).toMatchObject({ kind: 'compile', testKey: q.body.data, language: 'C' });
    expect(task.problem.judgeMode).toBe('interactive');
    await postResult(task.jobId, task.version, -2, "main.c:1:11: error: expected ')'");
    const r = await compileResult(q.body.data);
    expect(r.body.data).toEqual({ status: 'error', message: "main.c:1:11: error: expected ')'" });
  });

  it('a compile job whose judgehosts keep vanishing ends as error instead of waiting forever', async () => {
    const q = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { code: CHECKER, language: 'C++' },
    });
    for (let attempt = 1; attempt <= queueSettings.maxAttempts; attempt++) {
      expect((await lease()).testKey).toBe(q.body.data);
      await t.ctx.db.update(judgeJobs).set({ leaseExpires: new Date(Date.now() - 1000) });
      await sweepExpiredLeases(t.ctx.db);
      const status = (await compileResult(q.body.data)).body.data.status;
      expect(status).toBe(attempt < queueSettings.maxAttempts ? 'queued' : 'error');
    }
    expect((await compileResult(q.body.data)).body.data.message).toMatch(/System Error/);
    expect(await lease()).toBeNull();
  });

  it('refuses normal users (403), unknown languages and empty code (400), and unknown keys (404)', async () => {
    const user = await userWithRole(t.app, t.ctx, 'alice', Role.USER);
    const asUser = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: user,
      payload: { code: CHECKER, language: 'C++' },
    });
    expect(asUser.code).toBe(403);
    const problemAdmin = await userWithRole(t.app, t.ctx, 'pa', Role.PROBLEM_ADMIN);
    const mine = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: problemAdmin,
      payload: { code: CHECKER, language: 'C++' },
    });
    expect(mine.code).toBe(200);
    expect((await compileResult(mine.body.data, user)).code).toBe(403);
    expect((await compileResult(mine.body.data, root)).code).toBe(404);
    expect((await compileResult(mine.body.data, problemAdmin)).body.data.status).toBe('queued');

    const unknown = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { code: CHECKER, language: 'Brainfuck' },
    });
    expect(unknown.code).toBe(400);
    expect(unknown.body.msg).toContain('language');
    const python = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { code: 'print(1)', language: 'Python3' },
    });
    expect(python.code).toBe(400);
    const empty = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { code: '  ', language: 'C++' },
    });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('code');
    const badName = await call(t.app, 'POST', '/api/admin/problem/compile-spj', {
      token: root,
      payload: { code: CHECKER, language: 'C++', extraFiles: { '../x.h': '' } },
    });
    expect(badName.code).toBe(400);
    expect(badName.body.msg).toContain('extraFiles');
    expect((await compileResult('nope')).code).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/problem/compile-result', { token: root })).code).toBe(400);
  });
});
