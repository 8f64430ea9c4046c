import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type AcmRowVo, AwardType, Role, JudgeStatus as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newExtensionPoints } from '../../src/app-events.js';
import type { SessionUser } from '../../src/context.js';
import { contests, submissions } from '../../src/db/schema/index.js';
import { buildBoard } from '../../src/modules/contest/board/build.js';
import { boardCacheStats } from '../../src/modules/contest/board/cache.js';
import { boardState, rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { type BoardViewer, viewerBoard } from '../../src/modules/contest/board/page.js';
import { PATCH_MAX_USERS } from '../../src/modules/contest/board/patch.js';
import { loadContest } from '../../src/modules/contest/contest.access.js';
import { manualJudge, rejudge } from '../../src/modules/judge/judge.admin.service.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, MIN, makeContest, queued } from './board-fixtures.js';

// The ranked board patched with the changed cells (issue 9 §3 "Board speed"): after every verdict, rejudge,
// seal-hidden try, after-contest submission, star user's change and a change made by a second app instance, each
// of the four views (real / sealed, with / without after-contest submissions) served from the patched cache
// must equal a board built from scratch from the same cells, and, at the end, from cells rebuilt from the
// submissions. The cache counters prove the patch path was taken (no full build).

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let root: SessionUser;
const GOLD = { priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 1 };
const SILVER = { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000', num: 1 };
const BRONZE = { priority: 3, name: 'Bronze', background: '#cd7f32', color: '#fff', num: 2 };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan', 'sid', 'eve', 'fay', 'gus', 'hal'])
    u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  root = { uid: u.boss.uid, username: 'boss', role: Role.ROOT, sid: '' };
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterAll(async () => {
  await t?.close();
});

/** A contest submission `min` minutes after `start` with status `status`; its cell is refreshed through the queued hooks. */
async function submit(cid: number, start: Date, who: string, pid: number, min: number, status: number) {
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissions)
      .values({
        pid,
        displayPid: String(pid),
        uid: u[who].uid,
        username: who,
        cid,
        code: 'x',
        language: 'C++',
        length: 1,
        status,
        time: 10,
        submitTime: new Date(start.getTime() + min * MIN),
      })
      .returning({ id: submissions.id });
    await t.ctx.events.emit('submission/queued', tx, { submitId: row.id, pid, uid: u[who].uid, cid });
    return row.id;
  });
}

const VIEWS: { name: string; viewer: () => BoardViewer; containsEnd: boolean }[] = [
  { name: 'real', viewer: () => ({ uid: u.boss.uid, isContestAdmin: true }), containsEnd: false },
  { name: 'real+end', viewer: () => ({ uid: u.boss.uid, isContestAdmin: true }), containsEnd: true },
  { name: 'sealed', viewer: () => ({ uid: u.gus.uid, isContestAdmin: false }), containsEnd: false },
  { name: 'sealed+end', viewer: () => ({ uid: u.gus.uid, isContestAdmin: false }), containsEnd: true },
];

/** Every view as served (cached / patched) next to a board built from scratch from the current cells. */
async function servedAndFresh(cid: number) {
  const c = await loadContest(t.ctx, cid);
  const out = [];
  for (const v of VIEWS) {
    const { board, sealed } = await viewerBoard(t.ctx.db, c, v.viewer(), {
      forceRefresh: false,
      containsEnd: v.containsEnd,
    });
    const fresh = await buildBoard(t.ctx.db, c, { sealed, containsEnd: v.containsEnd }, 0);
    out.push({ name: v.name, sealed, served: board.rows, fresh: fresh.rows, version: board.version });
  }
  return out;
}

/**
 * Asserts every served view equals a fresh build, and that serving them patched each distinct cached board once
 * (`patched` true) or served them as cached (false), with no full build.
 */
async function expectPatchedEqualsFull(cid: number, patched = true) {
  const before = { ...boardCacheStats };
  const views = await servedAndFresh(cid);
  for (const v of views) expect({ view: v.name, rows: v.served }).toEqual({ view: v.name, rows: v.fresh });
  const boards = new Set(views.map((v) => `${v.sealed}:${v.name.endsWith('+end')}`)).size;
  expect(boardCacheStats.builds - before.builds).toBe(0);
  expect(boardCacheStats.patches - before.patches).toBe(patched ? boards : 0);
  return views;
}

const brief = (rows: AcmRowVo[]) =>
  rows.map((r) => [r.username, r.rank, r.ac, r.totalTime, r.awardName ?? null] as const);
const cellOf = (rows: AcmRowVo[], who: string, id: string) =>
  rows.find((r) => r.username === who)?.submissionInfo[id];

describe('patched board = full build', () => {
  it('after verdicts, a rejudge moving first blood, stars, seal-hidden and after-contest tries', async () => {
    // Started 180 min ago, ends in 60 (minute 240), sealed from minute 120; sid is a star; awards by count.
    const { cid, start } = await makeContest(t.ctx, {
      creatorUid: u.cre.uid,
      startAgoMin: 180,
      endInMin: 60,
      sealAgoMin: 60,
      autoRealRank: true,
      starAccount: ['sid'],
      awardType: AwardType.NUMBER,
      awardConfig: [GOLD, SILVER, BRONZE],
    });
    const p = await addProblems(t.ctx, cid, ['A', 'B', 'C']);
    const annA = await submit(cid, start, 'ann', p.A, 20, S.ACCEPTED);
    await submit(cid, start, 'bob', p.A, 10, S.WRONG_ANSWER);
    const bobA = await submit(cid, start, 'bob', p.A, 30, S.ACCEPTED);
    await submit(cid, start, 'cat', p.B, 10, S.WRONG_ANSWER);
    await submit(cid, start, 'sid', p.B, 5, S.ACCEPTED);
    await submit(cid, start, 'dan', p.C, 100, S.ACCEPTED);
    await rebuildBoard(t.ctx.db, cid);
    const primed = { ...boardCacheStats };
    await servedAndFresh(cid); // primes the four views: four full builds
    expect(boardCacheStats.builds - primed.builds).toBe(VIEWS.length);
    let v = await expectPatchedEqualsFull(cid, false); // nothing changed: served as cached
    expect(cellOf(v[0].served as AcmRowVo[], 'ann', 'A')).toMatchObject({ isFirstAC: true });
    expect(brief(v[0].served as AcmRowVo[])).toEqual([
      ['sid', -1, 1, 300, null],
      ['ann', 1, 1, 1200, 'Gold'],
      ['bob', 2, 1, 3000, 'Silver'],
      ['dan', 3, 1, 6000, 'Bronze'],
      ['cat', 4, 0, 0, null],
    ]);

    // A newcomer's pending try, then its AC through the judge protocol (the verdict seam).
    await queued(t.ctx, { cid, uid: u.eve.uid, pid: p.B });
    v = await expectPatchedEqualsFull(cid);
    expect(cellOf(v[0].served as AcmRowVo[], 'eve', 'B')).toMatchObject({ isAC: false, tryNum: 1 });
    await judgeNext(t.app, t.ctx, S.ACCEPTED);
    v = await expectPatchedEqualsFull(cid);
    expect(cellOf(v[0].served as AcmRowVo[], 'eve', 'B')).toMatchObject({ isAC: true, isFirstAC: false });

    // Rejudge: ann's AC on A becomes WA; first blood on A moves to bob, ann drops, the awards shift.
    await manualJudge(t.ctx, root, { submitId: annA, status: S.WRONG_ANSWER });
    v = await expectPatchedEqualsFull(cid);
    const real = v[0].served as AcmRowVo[];
    expect(cellOf(real, 'bob', 'A')).toMatchObject({ isAC: true, isFirstAC: true });
    expect(cellOf(real, 'ann', 'A')).toMatchObject({ isAC: false, errorNum: 1 });
    expect(real.find((r) => r.username === 'ann')).toMatchObject({ ac: 0, isWinAward: false });
    expect(real.find((r) => r.username === 'ann')?.awardName).toBeUndefined();
    expect(real.find((r) => r.rank === 1)).toMatchObject({ username: 'bob', awardName: 'Gold' });

    // The star takes first blood on A (stars count for first blood), yet keeps rank -1 and no award.
    await submit(cid, start, 'sid', p.A, 1, S.ACCEPTED);
    v = await expectPatchedEqualsFull(cid);
    expect(cellOf(v[0].served as AcmRowVo[], 'sid', 'A')).toMatchObject({ isFirstAC: true });
    expect(cellOf(v[0].served as AcmRowVo[], 'bob', 'A')).toMatchObject({ isFirstAC: false });
    expect(v[0].served.find((r) => r.username === 'sid')).toMatchObject({ rank: -1, isWinAward: false });

    // After the seal: cat's AC on B shows on the real board, as a pending try on the sealed one.
    await submit(cid, start, 'cat', p.B, 130, S.ACCEPTED);
    v = await expectPatchedEqualsFull(cid);
    expect(v[2].sealed).toBe(true);
    expect(cellOf(v[0].served as AcmRowVo[], 'cat', 'B')).toMatchObject({ isAC: true });
    expect(cellOf(v[2].served as AcmRowVo[], 'cat', 'B')).toMatchObject({ isAC: false, tryNum: 1 });

    // Real board now: sid (star), bob 1 Gold, dan 2 Silver, cat 3 Bronze, eve 4 Bronze, ann 5. A newcomer
    // solving A at minute 2 pushes everyone down: eve, unchanged herself, loses her Bronze.
    expect(v[0].served.find((r) => r.username === 'eve')).toMatchObject({ rank: 4, awardName: 'Bronze' });
    await submit(cid, start, 'hal', p.A, 2, S.ACCEPTED);
    v = await expectPatchedEqualsFull(cid);
    expect(brief(v[0].served as AcmRowVo[]).slice(0, 6)).toEqual([
      ['sid', -1, 2, 360, null],
      ['hal', 1, 1, 120, 'Gold'],
      ['bob', 2, 1, 3000, 'Silver'],
      ['dan', 3, 1, 6000, 'Bronze'],
      ['cat', 4, 1, 9000, 'Bronze'],
      ['eve', 5, 1, expect.any(Number), null],
    ]);
    expect(cellOf(v[0].served as AcmRowVo[], 'hal', 'A')).toMatchObject({ isFirstAC: false }); // sid: minute 1

    // After the end (minute 250): fay only submitted then, so she is on the boards with after-contest
    // submissions only; bob's late AC on C is flagged isAfterContest there, never first blood.
    const fayA = await submit(cid, start, 'fay', p.A, 250, S.SUBMITTED_FAILED);
    await manualJudge(t.ctx, root, { submitId: fayA, status: S.ACCEPTED });
    await submit(cid, start, 'bob', p.C, 245, S.ACCEPTED);
    v = await expectPatchedEqualsFull(cid);
    expect(v[0].served.some((r) => r.username === 'fay')).toBe(false);
    expect(cellOf(v[1].served as AcmRowVo[], 'fay', 'A')).toMatchObject({ isAC: true, isAfterContest: true });
    expect(cellOf(v[1].served as AcmRowVo[], 'bob', 'C')).toMatchObject({
      isAfterContest: true,
      isFirstAC: false,
    });

    // A rejudge sends bob's first AC on A back to Pending (a pending try), then the judge says WA.
    await rejudge(t.ctx, bobA);
    v = await expectPatchedEqualsFull(cid);
    expect(cellOf(v[0].served as AcmRowVo[], 'bob', 'A')).toMatchObject({ isAC: false, tryNum: 1 });
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    const patched = await expectPatchedEqualsFull(cid);
    expect(cellOf(patched[0].served as AcmRowVo[], 'bob', 'A')).toMatchObject({ isAC: false, errorNum: 2 });

    // The cells rebuilt from the submissions give the very same boards (the rebuild makes every view build again).
    await rebuildBoard(t.ctx.db, cid);
    const rebuilt = await servedAndFresh(cid);
    for (let i = 0; i < VIEWS.length; i += 1) {
      expect({ view: VIEWS[i].name, rows: rebuilt[i].served }).toEqual({
        view: VIEWS[i].name,
        rows: patched[i].served,
      });
    }
  });

  it('builds again, not patches, when the board changed as a whole or too much changed', async () => {
    const { cid, start } = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
    const p = await addProblems(t.ctx, cid, ['A']);
    await submit(cid, start, 'ann', p.A, 5, S.ACCEPTED);
    await servedAndFresh(cid);
    // A settings change through the contest seam (here: the star list, without touching gmtModified).
    await t.ctx.db.transaction(async (tx) => {
      await tx
        .update(contests)
        .set({ starAccount: ['ann'] })
        .where(eq(contests.id, cid));
      await t.ctx.events.emit('contest/changed', tx, { cid, what: 'settings' });
    });
    const before = { ...boardCacheStats };
    const v = await servedAndFresh(cid);
    expect(boardCacheStats.builds - before.builds).toBe(2); // no seal: real and real+end
    expect(boardCacheStats.patches - before.patches).toBe(0);
    expect(v[0].served[0]).toMatchObject({ username: 'ann', rank: -1 });
    expect(PATCH_MAX_USERS).toBeGreaterThan(0);
  });
});

describe('shared pages kept precompressed', () => {
  it('answers br and gzip that decode to the plain answer, and compresses a page once per board version', async () => {
    const { cid, start } = await makeContest(t.ctx, {
      creatorUid: u.cre.uid,
      startAgoMin: 60,
      endInMin: 60,
      openRank: true,
    });
    const p = await addProblems(t.ctx, cid, ['A', 'B']);
    for (const who of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'])
      await submit(cid, start, who, p.A, 5, S.ACCEPTED);
    const get = (enc?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/get-contest-outside-scoreboard',
        headers: enc ? { 'accept-encoding': enc } : {},
        payload: { cid, currentPage: 1, limit: 50 },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true); // the same kept bytes
    await submit(cid, start, 'gus', p.B, 6, S.ACCEPTED); // a new version: the page is made again
    const after = await get('br');
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString()).data.total).toBe(7);
  });
});

describe('a second app instance (another server process) on the same database', () => {
  it('sees a verdict landed by the other instance through contest_boards.version, and patches', async () => {
    const { cid, start } = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
    const p = await addProblems(t.ctx, cid, ['A', 'B']);
    await submit(cid, start, 'ann', p.A, 5, S.ACCEPTED);
    const bobB = await submit(cid, start, 'bob', p.B, 7, S.SUBMITTED_FAILED);
    await servedAndFresh(cid); // this instance caches the boards

    // The other instance: a fresh copy of every server module (its own caches and hooks), same database.
    vi.resetModules();
    const other = await import('../../src/app.js');
    const app2 = await other.buildApp({ ctx: { ...t.ctx, ...newExtensionPoints() } });
    await app2.ready();
    try {
      const judge2 = await import('../../src/modules/judge/judge.admin.service.js');
      const cache2 = await import('../../src/modules/contest/board/cache.js');
      expect(cache2.boardCacheStats).not.toBe(boardCacheStats);
      const { version: v0 } = await boardState(t.ctx.db, await loadContest(t.ctx, cid));
      await judge2.manualJudge(app2.ctx, root, { submitId: bobB, status: S.ACCEPTED });
      const { version: v1 } = await boardState(t.ctx.db, await loadContest(t.ctx, cid));
      expect(v1).toBeGreaterThan(v0);
      // This instance learns of it when its reused version read expires (250 ms), then patches.
      await new Promise((r) => setTimeout(r, 300));
      const v = await expectPatchedEqualsFull(cid);
      for (const view of v) expect(view.version).toBe(v1);
      expect(cellOf(v[0].served as AcmRowVo[], 'bob', 'B')).toMatchObject({ isAC: true, isFirstAC: true });
    } finally {
      await app2.close();
    }
  });
});
