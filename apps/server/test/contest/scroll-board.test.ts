import {
  type AcmRowVo,
  ContestType,
  compareAcmRows,
  placeRanks,
  Resolver,
  Role,
  JudgeStatus as S,
  type ScrollBoardVo,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest } from './board-fixtures.js';

// The scroll board (issue 10 §2; doc 2 §2.10): GET /api/get-contest-scroll-board for contest admins, the reveal
// order of the resolver (packages/shared scoreboard/resolver.ts), and the final state equal to the real board.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  u.adm = await makeUser(t.ctx, 'adm', Role.ADMIN);
});
afterAll(async () => {
  await t?.close();
});

/**
 * A finished ACM contest (190 min, ended 10 min ago) sealed at minute 120; eve is a star. Before the seal: ann A
 * (min 20), bob A (30) and a WA on B, cat a WA on A, dan a WA on A, eve C (100). After it: ann WA + AC on B, bob WA
 * on C, cat AC on A and B, dan AC on C. Sealed order: ann, bob, eve, cat, dan (cat and dan tie, by name).
 */
async function story(opts: { endInMin?: number; sealed?: boolean; type?: number } = {}) {
  const startAgoMin = 190;
  const { cid, start } = await makeContest(t.ctx, {
    creatorUid: u.cre.uid,
    startAgoMin,
    endInMin: opts.endInMin ?? -10,
    sealAgoMin: opts.sealed === false ? null : startAgoMin - 120,
    starAccount: ['eve'],
    type: opts.type,
  });
  const p = await addProblems(t.ctx, cid, ['A', 'B', 'C'], opts.type ?? 0);
  const sub = (who: string, d: string, min: number, status: number) =>
    judged(t.ctx, { cid, start, uid: u[who].uid, pid: p[d], min, status, score: status === 0 ? 100 : 0 });
  await sub('ann', 'A', 20, S.ACCEPTED);
  await sub('bob', 'A', 30, S.ACCEPTED);
  await sub('bob', 'B', 50, S.WRONG_ANSWER);
  await sub('cat', 'A', 10, S.WRONG_ANSWER);
  await sub('dan', 'A', 60, S.WRONG_ANSWER);
  await sub('eve', 'C', 100, S.ACCEPTED);
  await sub('ann', 'B', 125, S.WRONG_ANSWER);
  await sub('ann', 'B', 130, S.ACCEPTED);
  await sub('bob', 'C', 140, S.WRONG_ANSWER);
  await sub('cat', 'A', 150, S.ACCEPTED);
  await sub('cat', 'B', 160, S.ACCEPTED);
  await sub('dan', 'C', 121, S.ACCEPTED);
  return cid;
}

async function scroll(token: string | undefined, cid: number, removeStar = false) {
  const r = await call(t.app, 'GET', `/api/get-contest-scroll-board?cid=${cid}&removeStar=${removeStar}`, {
    token,
  });
  return { code: r.code, msg: r.body.msg, data: r.body.data as ScrollBoardVo };
}

/** Plays every reveal of `sb` with the shared resolver: the rows at the end, ranked as the boards rank. */
function playAll(sb: ScrollBoardVo) {
  const cells = new Map(sb.reveals.map((v) => [`${v.uid}/${v.displayId}`, v.cell]));
  const resolver = new Resolver(
    sb.rows,
    sb.problemList.map((p) => p.displayId),
    (uid, id) => cells.get(`${uid}/${id}`) ?? null,
  );
  const steps = resolver.runAll();
  const stars = new Set(sb.rows.filter((r) => r.rank === -1).map((r) => r.uid));
  const rows = resolver.rows;
  const ranks = placeRanks(
    rows,
    (r) => stars.has(r.uid),
    (a, b) => compareAcmRows(a, b) === 0,
  );
  return { steps, rows: rows.map((r, i) => ({ ...r, rank: ranks[i] })) };
}

/** The real board as a contest admin gets it (every row). */
async function realBoard(cid: number, removeStar: boolean): Promise<AcmRowVo[]> {
  const r = await board(t.app, u.boss.token, { cid, limit: 300, removeStar });
  expect(r.code).toBe(200);
  expect(r.page.sealed).toBe(false);
  return r.page.records as AcmRowVo[];
}

const names = (rows: { uid: string }[]) =>
  rows.map((r) => Object.entries(u).find(([, v]) => v.uid === r.uid)?.[0]);

describe('GET /api/get-contest-scroll-board', () => {
  it('is for contest admins only: 401 anonymous, 403 participants and other admins, 200 creator and root', async () => {
    const cid = await story();
    expect((await scroll(undefined, cid)).code).toBe(401);
    const part = await scroll(u.ann.token, cid);
    expect(part.code).toBe(403);
    expect(part.msg).toBe('Only the contest administrators may open the scroll board');
    expect((await scroll(u.adm.token, cid)).code).toBe(403);
    expect((await scroll(u.cre.token, cid)).code).toBe(200);
    expect((await scroll(u.boss.token, cid)).code).toBe(200);
    expect((await scroll(u.boss.token, 999_999)).code).toBe(404);
  });

  it('answers 400 naming the field for a bad cid', async () => {
    for (const cid of ['abc', '0', '']) {
      const r = await call(t.app, 'GET', `/api/get-contest-scroll-board?cid=${cid}`, { token: u.boss.token });
      expect(r.code).toBe(400);
      expect(r.body.msg).toMatch(/cid/);
    }
  });

  it('refuses an OI contest with 400 and a message', async () => {
    const cid = await story({ type: ContestType.OI });
    const r = await scroll(u.boss.token, cid);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('The scroll board is for ACM contests only');
  });

  it('answers the sealed board: post-seal verdicts are pending tries, the order is the sealed one', async () => {
    const cid = await story();
    const { data } = await scroll(u.cre.token, cid);
    expect(data.sealed).toBe(true);
    expect(data.problemList.map((p) => p.displayId)).toEqual(['A', 'B', 'C']);
    expect(names(data.rows)).toEqual(['ann', 'bob', 'eve', 'cat', 'dan']);
    expect(data.rows.map((r) => r.rank)).toEqual([1, 2, -1, 3, 3]);
    const ann = data.rows[0];
    expect(ann.submissionInfo.B).toMatchObject({ isAC: false, tryNum: 2, errorNum: 0 });
    expect(ann.ac).toBe(1);
    // The tie-break order: by name (ann, bob, cat, dan, eve).
    expect(data.rows.map((r) => r.nameOrder)).toEqual([0, 1, 4, 2, 3]);
  });

  it('reveals from the lowest row up, leftmost pending cell first, rows climbing as they solve', async () => {
    const cid = await story();
    const { data } = await scroll(u.cre.token, cid);
    // dan (last) C: AC, climbs past cat; cat (now last) A, then B (left to right): 2 solved, to the top; eve has
    // nothing pending; bob C stays wrong; ann B: 2 solved in less time than cat, back on top.
    expect(data.reveals.map((v) => `${names([v])[0]} ${v.displayId}`)).toEqual([
      'dan C',
      'cat A',
      'cat B',
      'bob C',
      'ann B',
    ]);
    const { steps } = playAll(data);
    expect(steps.map((s) => [s.from, s.to])).toEqual([
      [4, 3],
      [4, 4],
      [4, 0],
      [2, 2],
      [1, 0],
    ]);
    const annB = data.reveals[4];
    expect(annB.cell).toMatchObject({ isAC: true, errorNum: 1, tryNum: 0, ACTime: 130 * 60 });
    expect(annB.submissions.map((s) => s.status)).toEqual([S.WRONG_ANSWER, S.ACCEPTED]);
    const catA = data.reveals[1];
    // Only the hidden submission: the WA of minute 10 was on the sealed board already.
    expect(catA.submissions.map((s) => s.status)).toEqual([S.ACCEPTED]);
    expect(catA.cell).toMatchObject({ isAC: true, errorNum: 1 });
    expect(data.reveals[3].cell).toMatchObject({ isAC: false, errorNum: 1, tryNum: 0 });
  });

  for (const removeStar of [false, true]) {
    it(`ends, after every reveal, on the real final board (removeStar ${removeStar})`, async () => {
      const cid = await story();
      const { data } = await scroll(u.boss.token, cid, removeStar);
      expect(data.rows.some((r) => r.rank === -1)).toBe(!removeStar);
      const { rows } = playAll(data);
      const real = await realBoard(cid, removeStar);
      expect(names(rows)).toEqual(names(real));
      expect(names(rows)).toEqual(
        removeStar ? ['ann', 'cat', 'bob', 'dan'] : ['ann', 'cat', 'bob', 'eve', 'dan'],
      );
      const pick = (r: AcmRowVo) => ({
        uid: r.uid,
        rank: r.rank,
        ac: r.ac,
        totalTime: r.totalTime,
        submissionInfo: r.submissionInfo,
      });
      expect(rows.map(pick)).toEqual(real.map(pick));
    });
  }

  it('is allowed before the end: the final state is the real board so far', async () => {
    const cid = await story({ endInMin: 30 });
    const { code, data } = await scroll(u.cre.token, cid);
    expect(code).toBe(200);
    expect(data.contest.status).toBe(0);
    expect(data.reveals.length).toBe(5);
    expect(names(playAll(data).rows)).toEqual(names(await realBoard(cid, false)));
  });

  it('reveals nothing for a contest that never sealed: the board is final', async () => {
    const cid = await story({ sealed: false });
    const { data } = await scroll(u.cre.token, cid);
    expect(data.sealed).toBe(false);
    expect(data.reveals).toEqual([]);
    expect(names(data.rows)).toEqual(names(await realBoard(cid, false)));
    expect(data.rows.every((r) => Object.values(r.submissionInfo).every((c) => c.tryNum === 0))).toBe(true);
  });
});
