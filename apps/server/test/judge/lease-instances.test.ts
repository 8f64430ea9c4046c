import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { type SecondInstance, secondInstance } from '../second-instance.js';
import { aPlusB, call, judgeHeaders, registerJudgehost, submitAs } from './judge-helpers.js';

// With several server processes (or instances), the judgehost's lease waits on one while the submission is queued
// through another: the queue's NOTIFY must wake the waiting lease at once, not at its next look at the queue
// (queueSettings.pollMs, set to 20 s here on B so that only the wake-up can lease within the test's bound).

let a: TestApp;
let b: SecondInstance;
let root: string;
let pid: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await secondInstance(a);
  // B's own copy of the queue module (the registry secondInstance loaded): its lease polls every 20 s.
  const bQueue = await import('../../src/modules/judge/queue.js');
  bQueue.queueSettings.pollMs = 20_000;
  await a.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(a.app, 'root', ROOT_PASSWORD);
  pid = (await aPlusB(a.ctx)).problemId;
  await registerJudgehost(b.app, b.ctx, 'jh-b');
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

it('a submission queued through instance A wakes the lease waiting on instance B at once', async () => {
  const waiting = call(b.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(b.ctx),
    payload: { judgehostId: 'jh-b', waitSeconds: 15 },
  });
  // The lease has looked at the empty queue and waits.
  await new Promise((r) => setTimeout(r, 500));
  const submitId = await submitAs(a.app, root, pid);
  const queuedAt = Date.now();
  const r = await waiting;
  expect(r.body.data.task?.submitId).toBe(submitId);
  expect(Date.now() - queuedAt).toBeLessThan(5000);
}, 30_000);
