import { JudgeStatus, LIVE_EVENT, type LiveBoardData, type LiveVerdictData, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProblem, contestSubmit, createContest } from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, judgeNext, registerJudgehost, submitAs } from '../judge/judge-helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { type SecondInstance, secondInstance } from '../second-instance.js';
import { listening, openLive } from './live-client.js';

// Two server instances on one PostgreSQL (issue 10 §4, docs/events.md): instance B is another copy of every server
// module (its own hooks, bus and listening connection) with its own pool on the same database, as a second process
// behind a load balancer would be. An event produced on A reaches a stream on B, and a stream resumes on the other
// instance from its Last-Event-ID. PostgreSQL only: PGlite is one process's database.

const url = process.env.TEST_DATABASE_URL;

let a: TestApp;
let b: SecondInstance;
let baseA: string;
let baseB: string;
const u = {} as Record<'ann' | 'bob' | 'root', { uid: string; token: string }>;

beforeAll(async () => {
  if (!url) return;
  a = await createTestApp();
  b = await secondInstance(a, 4);
  baseA = await listening(a.app);
  baseB = await listening(b.app);
  u.ann = await makeUser(a.ctx, 'in_ann', Role.USER);
  u.bob = await makeUser(a.ctx, 'in_bob', Role.USER);
  u.root = await makeUser(a.ctx, 'in_root', Role.ROOT);
  await call(a.app, {
    method: 'PUT',
    url: '/api/admin/switch/update',
    token: u.root.token,
    payload: { defaultSubmitInterval: 0 },
  });
  await registerJudgehost(a.app, a.ctx, 'jh');
  await aPlusB(a.ctx, 'IN-1');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!url)('two server instances on one PostgreSQL', () => {
  it('a verdict judged through instance A reaches the stream of its owner on instance B (and only the owner)', async () => {
    const ann = await openLive(baseB, { token: u.ann.token });
    const bob = await openLive(baseB, { token: u.bob.token });
    try {
      await Promise.all([ann.next(LIVE_EVENT.ready), bob.next(LIVE_EVENT.ready)]);
      const submitId = await submitAs(a.app, u.ann.token, 'IN-1');
      await judgeNext(a.app, a.ctx, JudgeStatus.ACCEPTED);
      const v = await ann.next<LiveVerdictData>(LIVE_EVENT.verdict, (d) => d.submitId === submitId);
      expect(v.status).toBe(JudgeStatus.ACCEPTED);
      expect(bob.all(LIVE_EVENT.verdict)).toEqual([]);
    } finally {
      ann.close();
      bob.close();
    }
  });

  it('a board change made on B reaches a viewer on A, and a stream resumes on the other instance', async () => {
    const pid = (await aPlusB(a.ctx, 'IN-2')).id;
    const cid = await createContest(a.app, u.root.token, { title: 'Two instances' });
    await addProblem(a.app, u.root.token, cid, pid, 'A');
    const onA = await openLive(baseA, { token: u.ann.token });
    await onA.next(LIVE_EVENT.ready);
    const last = onA.lastEventId();
    try {
      // bob submits and is judged through B
      expect((await contestSubmit(b.app, u.bob.token, cid, 'A')).code).toBe(200);
      await judgeNext(b.app, b.ctx, JudgeStatus.WRONG_ANSWER);
      await onA.next<LiveBoardData>(LIVE_EVENT.board, (d) => d.cid === cid);
      // ann's own submission judged on B while her stream is closed; she resumes on B
      onA.close();
      const submitId = await submitAs(b.app, u.ann.token, 'IN-1');
      await judgeNext(b.app, b.ctx, JudgeStatus.ACCEPTED);
      const onB = await openLive(baseB, { token: u.ann.token, lastEventId: last });
      try {
        await onB.next<LiveVerdictData>(LIVE_EVENT.verdict, (d) => d.submitId === submitId);
        expect(await onB.next(LIVE_EVENT.ready)).toEqual({ resumed: true });
      } finally {
        onB.close();
      }
    } finally {
      onA.close();
    }
  });
});
