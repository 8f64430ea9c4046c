import {
  JudgeStatus,
  LIVE_EVENT,
  LIVE_LIMITS,
  type LiveBoardData,
  type LiveClarificationData,
  type LiveContestAnnouncementData,
  type LiveVerdictData,
  Role,
} from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addProblem,
  contestSubmit,
  createContest,
  fromNow,
  HOUR,
  newProblem,
} from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, judgeHeaders, judgeNext, registerJudgehost, submitAs } from '../judge/judge-helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { type LiveClient, listening, openLive, settle } from './live-client.js';

// GET /api/events (issue 10 §4; docs/events.md) over real HTTP, on PGlite or, with TEST_DATABASE_URL, PostgreSQL:
// verdicts to their owner only, progress, board changes to the contest's viewers, announcements and clarification
// answers by the contest's rules, Last-Event-ID resume and reset, limits. The two-instance test is in
// events-instances.test.ts.

let t: TestApp;
let base: string;
const u = {} as Record<'ann' | 'bob' | 'admin' | 'root', { uid: string; token: string }>;
let pid: number;
let problemId: string;
const open: LiveClient[] = [];

/** Opens a stream and closes it after the file. */
async function live(token?: string, lastEventId?: string) {
  const c = await openLive(base, { token, lastEventId });
  open.push(c);
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
  u.ann = await makeUser(t.ctx, 'ev_ann', Role.USER);
  u.bob = await makeUser(t.ctx, 'ev_bob', Role.USER);
  u.admin = await makeUser(t.ctx, 'ev_admin', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'ev_root', Role.ROOT);
  await call(t.app, {
    method: 'PUT',
    url: '/api/admin/switch/update',
    token: u.root.token,
    payload: { defaultSubmitInterval: 0 },
  });
  await registerJudgehost(t.app, t.ctx, 'jh');
  const p = await aPlusB(t.ctx, 'EV-1');
  pid = p.id;
  problemId = 'EV-1';
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await t?.close();
});

describe('the stream', () => {
  it('opens as text/event-stream for anonymous and signed-in callers, starting with ready and an id', async () => {
    for (const token of [undefined, u.ann.token]) {
      const s = await live(token);
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.headers.get('content-encoding')).toBeNull();
      expect(await s.next(LIVE_EVENT.ready)).toEqual({ resumed: false });
      expect(s.lastEventId()).toMatch(/^\d+$/);
    }
  });

  it('refuses a token that is not valid (401) instead of quietly serving the anonymous stream', async () => {
    const s = await live('Bearer not-a-valid-token-at-all');
    expect(s.status).toBe(401);
  });

  it(`refuses the ${LIVE_LIMITS.streamsPerUser + 1}th stream of one user (429) and takes one again after a close`, async () => {
    const mine: LiveClient[] = [];
    for (let i = 0; i < LIVE_LIMITS.streamsPerUser; i++) mine.push(await live(u.admin.token));
    expect(mine.every((s) => s.status === 200)).toBe(true);
    const over = await live(u.admin.token);
    expect(over.status).toBe(429);
    mine[0].close();
    await settle(200);
    expect((await live(u.admin.token)).status).toBe(200);
    for (const s of mine) s.close();
  });
});

describe('verdicts', () => {
  it('reach the owner (Judging progress, then the verdict), and nobody else', async () => {
    const ann = await live(u.ann.token);
    const bob = await live(u.bob.token);
    const anon = await live();
    await Promise.all([ann.next(LIVE_EVENT.ready), bob.next(LIVE_EVENT.ready), anon.next(LIVE_EVENT.ready)]);
    const submitId = await submitAs(t.app, u.ann.token, problemId);
    // The judgehost leases it and reports progress (a transient event), then the result.
    const headers = await judgeHeaders(t.ctx);
    const lease = await call(t.app, {
      method: 'POST',
      url: '/api/judge/lease',
      headers,
      payload: { judgehostId: 'jh', waitSeconds: 0 },
    });
    const task = lease.body.data.task;
    expect(task.submitId).toBe(submitId);
    await call(t.app, {
      method: 'POST',
      url: '/api/judge/progress',
      headers,
      payload: { judgehostId: 'jh', jobId: task.jobId, status: JudgeStatus.JUDGING, judged: 1, total: 2 },
    });
    const progress = await ann.next<LiveVerdictData>(LIVE_EVENT.verdict, (d) => d.submitId === submitId);
    expect(progress).toMatchObject({ submitId, cid: 0, status: JudgeStatus.JUDGING, judged: 1, total: 2 });
    // Progress is not numbered (it is not replayed).
    expect(ann.events.find((e) => e.type === LIVE_EVENT.verdict)?.lastEventId).toBe(ann.lastEventId());
    const result = await call(t.app, {
      method: 'POST',
      url: '/api/judge/result',
      headers,
      payload: {
        judgehostId: 'jh',
        jobId: task.jobId,
        version: task.version,
        status: JudgeStatus.WRONG_ANSWER,
        score: null,
        oiRankScore: null,
        time: 12,
        memory: 345,
        errorMessage: null,
        cases: [],
      },
    });
    expect(result.body.data.accepted).toBe(true);
    const verdict = await ann.next<LiveVerdictData>(
      LIVE_EVENT.verdict,
      (d) => d.submitId === submitId && d.status === JudgeStatus.WRONG_ANSWER,
    );
    expect(verdict).toEqual({
      submitId,
      cid: 0,
      status: JudgeStatus.WRONG_ANSWER,
      score: null,
      time: 12,
      memory: 345,
      judged: null,
      total: null,
    });
    await settle();
    expect(bob.all(LIVE_EVENT.verdict)).toEqual([]);
    expect(anon.all(LIVE_EVENT.verdict)).toEqual([]);
  });

  it('carry a rejudge back to Pending and the new verdict', async () => {
    const ann = await live(u.ann.token);
    await ann.next(LIVE_EVENT.ready);
    const submitId = await submitAs(t.app, u.ann.token, problemId);
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    const rejudge = await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge?submitId=${submitId}`,
      token: u.root.token,
    });
    expect(rejudge.code).toBe(200);
    await ann.next<LiveVerdictData>(
      LIVE_EVENT.verdict,
      (d) => d.submitId === submitId && d.status === JudgeStatus.PENDING,
    );
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    await ann.next<LiveVerdictData>(
      LIVE_EVENT.verdict,
      (d) => d.submitId === submitId && d.status === JudgeStatus.ACCEPTED,
    );
  });
});

describe('Last-Event-ID', () => {
  it('replays what a closed stream missed, then says ready (resumed)', async () => {
    const first = await live(u.ann.token);
    await first.next(LIVE_EVENT.ready);
    const last = first.lastEventId();
    first.close();
    const submitId = await submitAs(t.app, u.ann.token, problemId);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    const again = await live(u.ann.token, last);
    const replayed = await again.next<LiveVerdictData>(LIVE_EVENT.verdict, (d) => d.submitId === submitId);
    expect(replayed.status).toBe(JudgeStatus.ACCEPTED);
    expect(await again.next(LIVE_EVENT.ready)).toEqual({ resumed: true });
    // Never behind the id it resumed from (ahead once this process has read the row itself).
    expect(Number(again.lastEventId())).toBeGreaterThanOrEqual(Number(last));
    // Another user resuming from the same id gets nothing of it.
    const bob = await live(u.bob.token, last);
    await bob.next(LIVE_EVENT.ready);
    expect(bob.all(LIVE_EVENT.verdict)).toEqual([]);
  });

  it('sends reset for an id it cannot replay from (unknown or unreadable)', async () => {
    for (const id of ['999999999999', 'abc']) {
      const s = await live(u.ann.token, id);
      expect(await s.next(LIVE_EVENT.reset)).toEqual({ reason: 'unknown' });
      expect(await s.next(LIVE_EVENT.ready)).toEqual({ resumed: false });
    }
  });

  it('sends reset when the rows after the id were pruned', async () => {
    const s = await live(u.ann.token);
    await s.next(LIVE_EVENT.ready);
    const last = s.lastEventId();
    s.close();
    await submitAs(t.app, u.ann.token, problemId);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    // As the pruning would after ten minutes: the oldest rows, including the one after `last`, are gone.
    const { sql } = await import('drizzle-orm');
    await t.ctx.db.execute(sql`DELETE FROM live_events WHERE id <= ${Number(last) + 1}`);
    await submitAs(t.app, u.ann.token, problemId);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    const again = await live(u.ann.token, last);
    expect(await again.next(LIVE_EVENT.reset)).toEqual({ reason: 'expired' });
  });
});

describe('contest events', () => {
  let cid: number; // public ACM, running, open outside board
  let hidden: number; // private (password), running
  beforeAll(async () => {
    cid = await createContest(t.app, u.root.token, { title: 'Live', openRank: true });
    await addProblem(t.app, u.root.token, cid, pid, 'A');
    hidden = await createContest(t.app, u.root.token, { title: 'Live private', auth: 1, pwd: 'pw' });
    await addProblem(t.app, u.root.token, hidden, pid, 'A');
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/register-contest',
      token: u.ann.token,
      payload: { cid: hidden, password: 'pw' },
    });
    expect(reg.code).toBe(200);
  });

  it('a board change reaches the participants and the outside board, not those who may not see it', async () => {
    const ann = await live(u.ann.token);
    const bob = await live(u.bob.token);
    const anon = await live();
    await Promise.all([ann.next(LIVE_EVENT.ready), bob.next(LIVE_EVENT.ready), anon.next(LIVE_EVENT.ready)]);
    const sub = await contestSubmit(t.app, u.bob.token, cid, 'A');
    expect(sub.code).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    const board = (s: LiveClient) => s.next<LiveBoardData>(LIVE_EVENT.board, (d) => d.cid === cid);
    const seen = await Promise.all([board(ann), board(bob), board(anon)]);
    for (const d of seen) expect(Object.keys(d).sort()).toEqual(['cid', 'version']);
    expect(seen[0].version).toBeGreaterThan(0);
    // bob's own verdict, with the contest id
    await bob.next<LiveVerdictData>(
      LIVE_EVENT.verdict,
      (d) => d.cid === cid && d.status === JudgeStatus.ACCEPTED,
    );

    // The private contest: ann (registered) hears it, bob and anonymous viewers do not.
    const annSub = await contestSubmit(t.app, u.ann.token, hidden, 'A');
    expect(annSub.code).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    await ann.next<LiveBoardData>(LIVE_EVENT.board, (d) => d.cid === hidden);
    await settle();
    expect(bob.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === hidden)).toEqual([]);
    expect(anon.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === hidden)).toEqual([]);
  });

  it('coalesces a burst of board changes of one contest to a few events, the last one carrying the last version', async () => {
    const ann = await live(u.ann.token);
    await ann.next(LIVE_EVENT.ready);
    for (let i = 0; i < 6; i++) {
      await contestSubmit(t.app, u.ann.token, cid, 'A');
      await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    }
    await settle(LIVE_LIMITS.boardCoalesceMs * 2);
    const boards = ann.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === cid);
    // 12 changes (6 submissions, 6 verdicts) within a few windows: far fewer events.
    expect(boards.length).toBeGreaterThan(0);
    expect(boards.length).toBeLessThan(12);
    const version = await call(t.app, {
      method: 'POST',
      url: '/api/get-contest-rank',
      token: u.ann.token,
      payload: { cid, currentPage: 1, limit: 50 },
    });
    expect(version.code).toBe(200);
    const { sql } = await import('drizzle-orm');
    const res = await t.ctx.db.execute(sql`SELECT version FROM contest_boards WHERE cid = ${cid}`);
    const current = Number((res as unknown as { rows: { version: number }[] }).rows[0].version);
    expect(boards.at(-1)?.version).toBe(current);
  });

  it('hides a verdict an OI contest hides from its owner (not real-time), and sends its board change', async () => {
    const oiPid = await newProblem(t.app, u.root.token, 'EV-OI', { type: 1 });
    const oi = await createContest(t.app, u.root.token, {
      title: 'Live OI',
      type: 1,
      sealRank: true,
      sealRankTime: fromNow(-HOUR / 2),
    });
    await addProblem(t.app, u.root.token, oi, oiPid, 'A');
    const ann = await live(u.ann.token);
    await ann.next(LIVE_EVENT.ready);
    const sub = await contestSubmit(t.app, u.ann.token, oi, 'A');
    expect(sub.code).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { oiRankScore: 100 });
    await ann.next<LiveBoardData>(LIVE_EVENT.board, (d) => d.cid === oi);
    await settle();
    expect(ann.all<LiveVerdictData>(LIVE_EVENT.verdict).filter((d) => d.cid === oi)).toEqual([]);
  });

  it('announces a contest announcement (ids only) to whoever may see the contest', async () => {
    const ann = await live(u.ann.token);
    const bob = await live(u.bob.token);
    await Promise.all([ann.next(LIVE_EVENT.ready), bob.next(LIVE_EVENT.ready)]);
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/admin/contest/announcement',
      token: u.root.token,
      payload: { cid: hidden, announcement: { title: 'Secret title', content: 'Secret content' } },
    });
    expect(made.code).toBe(200);
    const e = await ann.next<LiveContestAnnouncementData>(
      LIVE_EVENT.contestAnnouncement,
      (d) => d.cid === hidden,
    );
    expect(e).toEqual({ cid: hidden, id: made.body.data.id });
    expect(JSON.stringify(ann.events)).not.toContain('Secret');
    await settle();
    expect(bob.all(LIVE_EVENT.contestAnnouncement)).toEqual([]);
  });

  it('delivers a private clarification answer to the asker and contest admins, a public one to every viewer', async () => {
    const ann = await live(u.ann.token);
    const bob = await live(u.bob.token);
    const root = await live(u.root.token);
    await Promise.all([ann.next(LIVE_EVENT.ready), bob.next(LIVE_EVENT.ready), root.next(LIVE_EVENT.ready)]);
    await t.ctx.events.settle('clarification/answered', {
      cid,
      clarificationId: 71,
      public: false,
      askerUid: u.ann.uid,
      pid: null,
    });
    const mine = (s: LiveClient, id: number) =>
      s.next<LiveClarificationData>(LIVE_EVENT.clarification, (d) => d.clarificationId === id);
    expect(await mine(ann, 71)).toEqual({ cid, clarificationId: 71, public: false });
    await mine(root, 71);
    await t.ctx.events.settle('clarification/answered', {
      cid,
      clarificationId: 72,
      public: true,
      askerUid: u.ann.uid,
      pid: null,
    });
    await Promise.all([mine(ann, 72), mine(bob, 72), mine(root, 72)]);
    expect(bob.all<LiveClarificationData>(LIVE_EVENT.clarification).map((d) => d.clarificationId)).toEqual([
      72,
    ]);
  });
});

describe('shutdown', () => {
  it('ends the open streams when the server closes (the browsers resume elsewhere), without waiting for them', async () => {
    const s = await live(u.ann.token);
    await s.next(LIVE_EVENT.ready);
    const started = Date.now();
    await t.app.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
