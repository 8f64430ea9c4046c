import { JudgeStatus, LIMITS, Role } from '@oj/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judgehosts, judgeJobs, submissions, testJudges } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { ALL_LANGS, aPlusB, call, judgeHeaders, submitAs, userWithRole } from '../judge/judge-helpers.js';

// Issue 8 finding 4: test runs may not starve other users' submissions. The queue is driven through the judge
// protocol's lease and result calls, as a judgehost would; no real judge runs.

let t: TestApp;
const tok: Record<string, string> = {};
let problemId: string;

interface Task {
  jobId: number;
  version: number;
  submitId: number | null;
  testKey: string | null;
}

async function registerHost(id: string, workers: number) {
  const r = await call(t.app, 'POST', '/api/judge/register', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId: id, name: id, cpuCount: workers, workers, languages: ALL_LANGS },
  });
  expect(r.code).toBe(200);
}

async function lease(judgehostId: string): Promise<Task | null> {
  const r = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId, waitSeconds: 0 },
  });
  return r.body.data.task;
}

/** Posts an Accepted result for a leased job (a test run or a submission). */
async function finish(judgehostId: string, task: Task) {
  const r = await call(t.app, 'POST', '/api/judge/result', {
    headers: await judgeHeaders(t.ctx),
    payload: {
      judgehostId,
      jobId: task.jobId,
      version: task.version,
      status: JudgeStatus.ACCEPTED,
      score: null,
      oiRankScore: null,
      time: 1,
      memory: 100,
      errorMessage: null,
      cases: [],
    },
  });
  expect(r.body.data.accepted).toBe(true);
}

const testRun = (who: string) =>
  call(t.app, 'POST', '/api/submit-problem-test-judge', {
    token: tok[who],
    payload: { pid: problemId, language: 'C++', code: 'int main(){}', userInput: '1 2' },
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  for (const name of ['alice', 'bob', 'carol']) tok[name] = await userWithRole(t.app, t.ctx, name, Role.USER);
  problemId = (await aPlusB(t.ctx, 'AB1')).problemId;
});
beforeEach(async () => {
  await t.ctx.db.delete(judgeJobs);
  await t.ctx.db.delete(testJudges);
  await t.ctx.db.delete(submissions);
  await t.ctx.db.delete(judgehosts);
});
afterAll(async () => t?.close());

describe('fair judging of test runs (finding 4)', () => {
  it('a flood of test runs by one user delays another user’s submission by at most one run (one worker)', async () => {
    await registerHost('jh1', 1);
    const flood = await Promise.all(Array.from({ length: 20 }, () => testRun('alice')));
    expect(flood.filter((r) => r.code === 200)).toHaveLength(LIMITS.unfinishedTestRunsPerUser);
    const refused = flood.find((r) => r.code === 429);
    expect(refused?.body.msg).toMatch(/previous test run/);
    const bobs = await submitAs(t.app, tok.bob, problemId);
    // The worker judges whatever it is given; alice asks for a new test run the moment each one finishes.
    let before = 0;
    for (let i = 0; i < 25; i++) {
      const task = await lease('jh1');
      expect(task).not.toBeNull();
      if (task?.submitId === bobs) break;
      before++;
      await finish('jh1', task as Task);
      expect((await testRun('alice')).code).toBe(200);
    }
    expect(before).toBeLessThanOrEqual(1);
  });

  it('test runs take at most half the workers: a later test run does not overtake a queued submission', async () => {
    await registerHost('jh2', 2);
    const bobs = await submitAs(t.app, tok.bob, problemId);
    expect((await testRun('alice')).code).toBe(200);
    expect((await testRun('carol')).code).toBe(200);
    const first = await lease('jh2');
    expect(first?.testKey).toBeTruthy(); // a waiting user's test run still goes first on one worker
    const second = await lease('jh2');
    expect(second?.submitId).toBe(bobs);
    const third = await lease('jh2');
    expect(third?.testKey).toBeTruthy();
  });

  it('a user may have only one unfinished test run; the next is accepted once it finished', async () => {
    await registerHost('jh3', 1);
    expect((await testRun('carol')).code).toBe(200);
    expect((await testRun('carol')).code).toBe(429);
    expect((await testRun('alice')).code).toBe(200); // others are not affected
    const task = (await lease('jh3')) as Task; // carol's: queued first
    await finish('jh3', task);
    expect((await testRun('carol')).code).toBe(200);
    expect((await testRun('alice')).code).toBe(429);
  });

  it(`caps a user's unfinished submissions at ${LIMITS.unfinishedSubmissionsPerUser} (429), not other users'`, async () => {
    for (let i = 0; i < LIMITS.unfinishedSubmissionsPerUser; i++) await submitAs(t.app, tok.carol, problemId);
    const over = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: tok.carol,
      payload: { pid: problemId, language: 'C++', code: 'int main(){}', cid: 0 },
    });
    expect(over.code).toBe(429);
    expect(over.body.msg).toMatch(/waiting to be judged/);
    await submitAs(t.app, tok.bob, problemId);
  });
});
