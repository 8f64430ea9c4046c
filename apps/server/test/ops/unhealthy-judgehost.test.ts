import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { ALL_LANGS, aPlusB, call, judgeHeaders, registerJudgehost } from '../judge/judge-helpers.js';

// Issue 22 item 5: a judgehost that cannot judge (its sandbox failed its check) reports a `problem`; the server
// then leases it nothing and shows it as unhealthy (health counts, back-office judge-server data).
let t: TestApp;
let root: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
});
afterEach(async () => t.close());

const judge = async (route: string, payload: object) =>
  call(t.app, 'POST', `/api/judge/${route}`, { headers: await judgeHeaders(t.ctx), payload });

const servers = async () =>
  (await call(t.app, 'GET', '/api/admin/judge/get-judge-server-status', { token: root })).body.data
    .judgeServerList as { id: string; healthy: boolean; problem: string | null; online: boolean }[];

describe('a judgehost that reports a problem', () => {
  it('gets no job while it reports one, shows unhealthy with the reason, and leases again once it is fixed', async () => {
    const { problemId } = await aPlusB(t.ctx);
    const submitted = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: root,
      payload: { pid: problemId, language: 'C', code: 'int main(){}', cid: 0 },
    });
    expect(submitted.code).toBe(200);
    const registered = await judge('register', {
      judgehostId: 'jh-broken',
      name: 'broken',
      cpuCount: 2,
      workers: 2,
      languages: ALL_LANGS,
      problem: 'bubblewrap failed',
    });
    expect(registered.code).toBe(200);
    const leased = await judge('lease', { judgehostId: 'jh-broken', waitSeconds: 0 });
    expect(leased.body.data.task).toBeNull();
    expect(await servers()).toMatchObject([
      { id: 'jh-broken', online: true, healthy: false, problem: 'bubblewrap failed' },
    ]);

    // Its check passes again: the heartbeat clears the problem and the job is leased.
    const beat = await judge('heartbeat', { judgehostId: 'jh-broken', running: 0, load: 0, problem: null });
    expect(beat.code).toBe(200);
    expect(await servers()).toMatchObject([{ id: 'jh-broken', healthy: true, problem: null }]);
    const again = await judge('lease', { judgehostId: 'jh-broken', waitSeconds: 0 });
    expect(again.body.data.task).toMatchObject({ submitId: submitted.body.data.submitId });

    // A heartbeat reporting a problem stops leasing again (a healthy host registered without the field is healthy).
    await judge('heartbeat', { judgehostId: 'jh-broken', running: 0, load: 0, problem: 'uid lock lost' });
    await registerJudgehost(t.app, t.ctx, 'jh-good');
    const list = await servers();
    expect(list.find((h) => h.id === 'jh-broken')).toMatchObject({
      healthy: false,
      problem: 'uid lock lost',
    });
    expect(list.find((h) => h.id === 'jh-good')).toMatchObject({ healthy: true, problem: null });
  });

  it('refuses a problem text over 2000 characters with 400 naming the field', async () => {
    const r = await judge('heartbeat', {
      judgehostId: 'jh-x',
      running: 0,
      load: 0,
      problem: 'x'.repeat(2001),
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('problem');
  });
});
