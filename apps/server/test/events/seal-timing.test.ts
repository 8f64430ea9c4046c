import { JudgeStatus, LIVE_EVENT, type LiveBoardData, type LiveVerdictData, Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/lib/sql-rows.js';
import {
  addProblem,
  contestSubmit,
  createContest,
  fromNow,
  HOUR,
  newProblem,
} from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { type LiveClient, listening, openLive, settle } from './live-client.js';

// Issue 23 §2a: GET /api/events must not tell anyone who may not see a sealed verdict when its judging ended: no
// board event to participants, no numbered row (whose id would move in every stream's keep-alive), no board version
// that counts the hidden changes. The contest's admins hear of it; the owner gets their verdict only when the
// contest shows it to them. Real HTTP; PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
let base: string;
const u = {} as Record<'owner' | 'other' | 'root', { uid: string; token: string }>;
const open: LiveClient[] = [];

async function live(token?: string) {
  const c = await openLive(base, { token });
  open.push(c);
  await c.next(LIVE_EVENT.ready);
  return c;
}
const liveRows = async () =>
  Number(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM live_events`))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
  u.owner = await makeUser(t.ctx, 'st_owner', Role.USER);
  u.other = await makeUser(t.ctx, 'st_other', Role.USER);
  u.root = await makeUser(t.ctx, 'st_root', Role.ROOT);
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await t?.close();
});

/** Resolves once `s` has received `n` board events of contest `cid` (polls its log; fails after 5 s). */
async function boards(s: LiveClient, cid: number, n: number) {
  const until = Date.now() + 5000;
  const count = () => s.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === cid).length;
  while (count() < n) {
    if (Date.now() > until) throw new Error(`${count()} board events of ${cid}, waited for ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return s.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === cid);
}

/** Submits as the owner to contest `cid` and waits until every stream heard the (public) new-try board event. */
async function submitAndSettle(cid: number, streams: LiveClient[]) {
  const r = await contestSubmit(t.app, u.owner.token, cid, 'A');
  expect(r.code).toBe(200);
  for (const s of streams) await s.next<LiveBoardData>(LIVE_EVENT.board, (d) => d.cid === cid);
  return r.body.data.submitId as number;
}

describe('a sealed contest on the live stream', () => {
  it('ACM: the hidden judging end reaches the admins and the owner only, and moves no stream id', async () => {
    const pid = await newProblem(t.app, u.root.token, 'ST-ACM');
    const cid = await createContest(t.app, u.root.token, {
      sealRank: true,
      sealRankTime: fromNow(-HOUR / 2),
      openRank: true,
    });
    await addProblem(t.app, u.root.token, cid, pid, 'A');
    const [owner, other, root, anon] = [
      await live(u.owner.token),
      await live(u.other.token),
      await live(u.root.token),
      await live(),
    ];
    const id = await submitAndSettle(cid, [owner, other, root, anon]);
    // The new try's board event carries no version while sealed (it would count hidden changes).
    expect(other.all<LiveBoardData>(LIVE_EVENT.board).filter((d) => d.cid === cid)).toEqual([
      { cid, version: 0 },
    ]);
    const rows = await liveRows();
    const seen = { other: other.events.length, anon: anon.events.length };

    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    // The admins' own event of the change (the version may be 0 before the board is first built).
    await boards(root, cid, 2);
    const verdict = await owner.next<LiveVerdictData>(
      LIVE_EVENT.verdict,
      (d) => d.submitId === id && d.status === JudgeStatus.ACCEPTED,
    );
    expect(verdict.cid).toBe(cid);
    await settle();
    expect(other.events.length).toBe(seen.other);
    expect(anon.events.length).toBe(seen.anon);
    expect(await liveRows()).toBe(rows);
  });

  it('OI: the owner hears nothing of their hidden verdict; only the admins hear of the judging', async () => {
    const pid = await newProblem(t.app, u.root.token, 'ST-OI', { type: 1 });
    const start = fromNow(-HOUR);
    const cid = await createContest(t.app, u.root.token, {
      type: 1,
      startTime: start,
      sealRank: true,
      sealRankTime: start,
    });
    await addProblem(t.app, u.root.token, cid, pid, 'A');
    const [owner, other, root] = [
      await live(u.owner.token),
      await live(u.other.token),
      await live(u.root.token),
    ];
    await submitAndSettle(cid, [owner, other, root]);
    const rows = await liveRows();
    const seen = { owner: owner.events.length, other: other.events.length };

    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { oiRankScore: 30 });
    await boards(root, cid, 2);
    await settle();
    expect(owner.events.length).toBe(seen.owner);
    expect(other.events.length).toBe(seen.other);
    expect(await liveRows()).toBe(rows);
  });

  it('an unsealed contest still tells its participants at once', async () => {
    const pid = await newProblem(t.app, u.root.token, 'ST-OPEN');
    const cid = await createContest(t.app, u.root.token);
    await addProblem(t.app, u.root.token, cid, pid, 'A');
    const other = await live(u.other.token);
    await submitAndSettle(cid, [other]);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    await boards(other, cid, 2);
  });
});
