import { type AcmRowVo, Role, JudgeStatus as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestBoards, contests } from '../../src/db/schema/index.js';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest, queued } from './board-fixtures.js';
import { addProblem, contestSubmit, createContest, newProblem } from './contest-fixtures.js';

// Sealed boards (doc 2 §2.9, issue 9 §3) and the board following verdicts as they land (the judge seam, rejudge).

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'dan']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterAll(async () => {
  await t?.close();
});

/** ann solves A before the seal (minute 120); after it bob gets WA on A and dan AC on C. */
async function sealedStory(endInMin: number, autoRealRank = true) {
  const startAgoMin = 180;
  const { cid, start } = await makeContest(t.ctx, {
    creatorUid: u.cre.uid,
    startAgoMin,
    endInMin,
    sealAgoMin: startAgoMin - 120,
    autoRealRank,
  });
  const p = await addProblems(t.ctx, cid, ['A', 'B', 'C']);
  const sub = (who: string, d: string, min: number, status: number) =>
    judged(t.ctx, { cid, start, uid: u[who].uid, pid: p[d], min, status });
  await sub('ann', 'A', 20, S.ACCEPTED);
  await sub('bob', 'A', 130, S.WRONG_ANSWER);
  await sub('dan', 'C', 140, S.ACCEPTED);
  await rebuildBoard(t.ctx.db, cid);
  return cid;
}

const row = (rows: AcmRowVo[], name: string) => rows.find((r) => r.username === name);
const rowsOf = async (token: string, payload: Record<string, unknown>) => {
  const r = await board(t.app, token, payload);
  expect(r.code).toBe(200);
  return { rows: r.page.records as AcmRowVo[], sealed: r.page.sealed };
};

describe('sealed ACM board', () => {
  it('hides post-seal verdicts from participants as pending tries, even with forceRefresh', async () => {
    const cid = await sealedStory(60);
    for (const payload of [{ cid }, { cid, forceRefresh: true }]) {
      const { rows, sealed } = await rowsOf(u.ann.token, payload);
      expect(sealed).toBe(true);
      expect(row(rows, 'dan')?.submissionInfo.C).toMatchObject({ isAC: false, tryNum: 1, errorNum: 0 });
      expect(row(rows, 'dan')?.ac).toBe(0);
      expect(row(rows, 'bob')?.submissionInfo.A).toMatchObject({ isAC: false, tryNum: 1, errorNum: 0 });
      expect(row(rows, 'ann')?.submissionInfo.A).toMatchObject({ isAC: true, isFirstAC: true });
    }
  });

  it('lets each participant see their own verdicts in their sealed place', async () => {
    const cid = await sealedStory(60);
    const { rows } = await rowsOf(u.dan.token, { cid });
    expect(row(rows, 'dan')?.submissionInfo.C).toMatchObject({ isAC: true, tryNum: 0, isFirstAC: false });
    expect(row(rows, 'dan')?.rank).toBe(2); // the sealed standing: ann 1 solved, bob and dan 0 (tied)
    expect(row(rows, 'bob')?.submissionInfo.A).toMatchObject({ tryNum: 1, errorNum: 0 }); // others' stay hidden
  });

  it('shows contest admins (creator, super admin) the real board', async () => {
    const cid = await sealedStory(60);
    for (const who of ['cre', 'boss']) {
      const { rows, sealed } = await rowsOf(u[who].token, { cid });
      expect(sealed).toBe(false);
      expect(row(rows, 'dan')?.submissionInfo.C).toMatchObject({ isAC: true, tryNum: 0 });
      expect(row(rows, 'bob')?.submissionInfo.A).toMatchObject({ errorNum: 1, tryNum: 0 });
      expect(rows.map((r) => [r.username, r.rank])).toEqual([
        ['ann', 1],
        ['dan', 2],
        ['bob', 3],
      ]);
    }
  });

  it('unseals at the end when autoRealRank is on, and stays sealed after it when off', async () => {
    const open = await sealedStory(-1, true);
    expect((await rowsOf(u.ann.token, { cid: open })).sealed).toBe(false);
    expect(row((await rowsOf(u.ann.token, { cid: open })).rows, 'dan')?.ac).toBe(1);
    const kept = await sealedStory(-1, false);
    const { rows, sealed } = await rowsOf(u.ann.token, { cid: kept });
    expect(sealed).toBe(true);
    expect(row(rows, 'dan')?.ac).toBe(0);
    expect((await rowsOf(u.boss.token, { cid: kept })).sealed).toBe(false);
  });
});

describe('the board follows verdicts as they land', () => {
  it('serves pages from the cells without rebuilding them, and rebuilds once when the times change', async () => {
    const cid = await sealedStory(60);
    const state = async () =>
      (await t.ctx.db.select().from(contestBoards).where(eq(contestBoards.cid, cid)))[0];
    const before = await state();
    await rowsOf(u.ann.token, { cid });
    await rowsOf(u.boss.token, { cid, forceRefresh: true });
    expect(await state()).toEqual(before);
    // Moving the seal 15 minutes later (minute 135) brings bob's WA (minute 130) back onto the sealed board.
    const seal = new Date((before.sealRankTime as Date).getTime() + 15 * 60_000);
    await t.ctx.db
      .update(contests)
      .set({ sealRankTime: seal, gmtModified: new Date() })
      .where(eq(contests.id, cid));
    const { rows } = await rowsOf(u.ann.token, { cid });
    expect(row(rows, 'bob')?.submissionInfo.A).toMatchObject({ errorNum: 1, tryNum: 0 });
    expect(row(rows, 'dan')?.submissionInfo.C).toMatchObject({ isAC: false, tryNum: 1 });
    const after = await state();
    expect(after.sealRankTime?.getTime()).toBe(seal.getTime());
    await rowsOf(u.ann.token, { cid });
    expect(await state()).toEqual(after);
  });

  it('shows a submission made through the contest API as a pending try until its verdict lands', async () => {
    const cid = await createContest(t.app, u.boss.token);
    const pid = await newProblem(t.app, u.boss.token, 'SBAPI1');
    await addProblem(t.app, u.boss.token, cid, pid, 'A');
    const r = await contestSubmit(t.app, u.ann.token, cid, 'A');
    expect(r.code).toBe(200);
    const cell = async () => row((await rowsOf(u.bob.token, { cid })).rows, 'ann')?.submissionInfo.A;
    expect(await cell()).toMatchObject({ isAC: false, tryNum: 1, errorNum: 0 });
    await judgeNext(t.app, t.ctx, S.ACCEPTED);
    expect(await cell()).toMatchObject({ isAC: true, isFirstAC: true, tryNum: 0, errorNum: 0 });
  });

  it('shows a pending try, then the verdict, and moves back on rejudge', async () => {
    const { cid } = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 30, endInMin: 60 });
    const p = await addProblems(t.ctx, cid, ['A']);
    const cell = async () => row((await rowsOf(u.bob.token, { cid })).rows, 'ann')?.submissionInfo.A;

    await queued(t.ctx, { cid, uid: u.ann.uid, pid: p.A });
    expect(await cell()).toMatchObject({ isAC: false, tryNum: 1, errorNum: 0 });
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    expect(await cell()).toMatchObject({ isAC: false, tryNum: 0, errorNum: 1 });
    await queued(t.ctx, { cid, uid: u.ann.uid, pid: p.A });
    const acId = await judgeNext(t.app, t.ctx, S.ACCEPTED);
    const solved = await cell();
    expect(solved).toMatchObject({ isAC: true, isFirstAC: true, errorNum: 1 });
    expect(solved?.ACTime).toBeGreaterThanOrEqual(30 * 60 - 5);

    // The incremental cells equal a full rebuild's.
    const before = (await rowsOf(u.bob.token, { cid })).rows;
    await rebuildBoard(t.ctx.db, cid);
    expect((await rowsOf(u.bob.token, { cid })).rows).toEqual(before);

    const rj = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${acId}`, {
      token: u.boss.token,
    });
    expect(rj.code).toBe(200);
    expect(await cell()).toMatchObject({ isAC: false, tryNum: 1, errorNum: 1 });
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    expect(await cell()).toMatchObject({ isAC: false, tryNum: 0, errorNum: 2 });
    expect(row((await rowsOf(u.bob.token, { cid })).rows, 'ann')?.ac).toBe(0);
  });
});
