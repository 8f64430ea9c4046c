import { type AcmRowVo, AwardType, Role, JudgeStatus as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest } from './board-fixtures.js';

// ACM boards built by hand (issue 9 §5): a contest that started 3 hours ago, problems A, B, C; verdicts inserted
// with their times, then the full rebuild; the expected tables are worked out in the comments.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
const GOLD = { priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 1 };
const SILVER = { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000', num: 1 };
const BRONZE = { priority: 3, name: 'Bronze', background: '#cd7f32', color: '#fff', num: 5 };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan', 'sid', 'eve'])
    u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
});
afterAll(async () => {
  await t?.close();
});

/** The common story: see the table in the first test. */
async function story(opts: Omit<Parameters<typeof makeContest>[1], 'creatorUid'>) {
  const { cid, start } = await makeContest(t.ctx, { creatorUid: u.cre.uid, ...opts });
  const p = await addProblems(t.ctx, cid, ['A', 'B', 'C']);
  const sub = (who: string, d: string, min: number, status: number) =>
    judged(t.ctx, { cid, start, uid: u[who].uid, pid: p[d], min, status });
  await sub('ann', 'A', 10, S.WRONG_ANSWER);
  await sub('ann', 'A', 12, S.COMPILE_ERROR);
  await sub('ann', 'A', 20, S.ACCEPTED);
  await sub('ann', 'B', 30, S.ACCEPTED);
  await sub('ann', 'B', 35, S.WRONG_ANSWER); // after the AC: free
  await sub('bob', 'A', 20, S.ACCEPTED);
  await sub('bob', 'B', 5, S.TIME_LIMIT_EXCEEDED);
  await sub('bob', 'B', 50, S.ACCEPTED);
  await sub('cat', 'A', 40, S.ACCEPTED);
  await sub('cat', 'B', 30, S.ACCEPTED);
  await sub('dan', 'C', 15, S.PRESENTATION_ERROR);
  await sub('dan', 'A', 16, S.SYSTEM_ERROR);
  await sub('dan', 'A', 17, S.COMPILE_ERROR);
  await sub('sid', 'A', 25, S.ACCEPTED);
  await sub('cre', 'A', 1, S.ACCEPTED); // the creator: left off
  await sub('boss', 'A', 1, S.ACCEPTED); // a super admin: left off
  await sub('eve', 'A', -5, S.ACCEPTED); // before the start: left off
  await rebuildBoard(t.ctx.db, cid);
  return { cid, start, p };
}

const brief = (r: AcmRowVo) => [r.username, r.rank, r.ac, r.totalTime];

describe('ACM board (notes "Contests")', () => {
  it('ranks by solved then time, 20 minutes a counted wrong try, CE/SE free, ties equal, stars -1', async () => {
    const { cid } = await story({ startAgoMin: 180, endInMin: 60, starAccount: ['sid'] });
    const { code, page } = await board(t.app, u.dan.token, { cid });
    expect(code).toBe(200);
    // ann: A 20 min + 1 WA (CE free) = 2400 s, B 30 min = 1800 s -> 4200; cat: 2400 + 1800 = 4200 (tie);
    // bob: A 1200 + B 3000 + 1 TLE 1200 = 5400; sid (star) 1 solved; dan: PE on C, SE and CE on A -> 0.
    expect((page.records as AcmRowVo[]).map(brief)).toEqual([
      ['ann', 1, 2, 4200],
      ['cat', 1, 2, 4200],
      ['bob', 3, 2, 5400],
      ['sid', -1, 1, 1500],
      ['dan', 4, 0, 0],
    ]);
    expect(page.total).toBe(5);
    const ann = page.records[0] as AcmRowVo;
    expect(ann.submissionInfo.A).toEqual({
      isAC: true,
      isFirstAC: true,
      isAfterContest: false,
      ACTime: 1200,
      errorNum: 1,
      tryNum: 0,
    });
    const dan = page.records[4] as AcmRowVo;
    expect(dan.submissionInfo.C).toMatchObject({ isAC: false, errorNum: 1 });
    expect(dan.submissionInfo.A).toBeUndefined();
  });

  it('gives first blood to every AC of the earliest second of a problem', async () => {
    const { cid } = await story({ startAgoMin: 180, endInMin: 60 });
    const rows = (await board(t.app, u.ann.token, { cid })).page.records as AcmRowVo[];
    const first = (name: string, d: string) =>
      rows.find((r) => r.username === name)?.submissionInfo[d]?.isFirstAC;
    expect([first('ann', 'A'), first('bob', 'A'), first('cat', 'A'), first('sid', 'A')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([first('ann', 'B'), first('cat', 'B'), first('bob', 'B')]).toEqual([true, true, false]);
  });

  it('removes star users on request and gives them no award; awards by number to rows that solved', async () => {
    const { cid } = await story({
      startAgoMin: 180,
      endInMin: 60,
      starAccount: ['sid'],
      awardType: AwardType.NUMBER,
      awardConfig: [BRONZE, GOLD, SILVER],
    });
    const rows = (await board(t.app, u.ann.token, { cid, removeStar: true })).page.records as AcmRowVo[];
    expect(rows.map((r) => [r.username, r.awardName ?? null])).toEqual([
      ['ann', 'Gold'],
      ['cat', 'Silver'],
      ['bob', 'Bronze'],
      ['dan', null], // nothing solved: no award although bronze has room
    ]);
    expect(rows[0]).toMatchObject({ isWinAward: true, awardBackground: '#ffd700', awardColor: '#000' });
  });

  it('awards by proportion of the non-star rows', async () => {
    const { cid } = await story({
      startAgoMin: 180,
      endInMin: 60,
      starAccount: ['sid'],
      awardType: AwardType.PROPORTION,
      awardConfig: [
        { ...GOLD, num: 50 },
        { ...SILVER, num: 25 },
        { ...BRONZE, num: 25 },
      ],
    });
    const rows = (await board(t.app, u.ann.token, { cid })).page.records as AcmRowVo[];
    // 4 non-star rows: gold floor(2) = ann, cat; silver 1 = bob; bronze 1 would be dan, who solved nothing.
    expect(rows.map((r) => [r.username, r.awardName ?? null])).toEqual([
      ['ann', 'Gold'],
      ['cat', 'Gold'],
      ['bob', 'Silver'],
      ['sid', null],
      ['dan', null],
    ]);
  });

  it('pages, filters by keyword, puts concerned users first on page 1 and shows rankShowName', async () => {
    const { cid } = await story({ startAgoMin: 180, endInMin: 60, rankShowName: 'nickname' });
    const p2 = (await board(t.app, u.ann.token, { cid, currentPage: 2, limit: 2 })).page;
    expect(p2.total).toBe(5);
    expect(p2.records.map((r) => r.username)).toEqual(['bob', 'sid']);
    const kw = (await board(t.app, u.ann.token, { cid, keyword: 'CA' })).page;
    expect(kw.records.map((r) => [r.username, r.rank])).toEqual([['cat', 1]]);
    const cc = (await board(t.app, u.ann.token, { cid, limit: 2, concernedList: [u.dan.uid] })).page;
    expect(cc.records.map((r) => [r.username, r.isConcerned])).toEqual([
      ['dan', true],
      ['ann', false],
      ['cat', false],
    ]);
    expect(cc.records[0].showName).toBe('dan'); // makeUser sets nickname = username
  });

  it('shows after-contest submissions only with containsEnd, marked after contest', async () => {
    const { cid, start, p } = await story({ startAgoMin: 180, endInMin: -60 });
    await judged(t.ctx, { cid, start, uid: u.eve.uid, pid: p.C, min: 150, status: S.ACCEPTED });
    await judged(t.ctx, { cid, start, uid: u.dan.uid, pid: p.C, min: 130, status: S.ACCEPTED });
    await rebuildBoard(t.ctx.db, cid);
    const without = (await board(t.app, u.ann.token, { cid })).page.records as AcmRowVo[];
    expect(without.map((r) => r.username)).not.toContain('eve');
    expect(without.find((r) => r.username === 'dan')?.ac).toBe(0);
    const withEnd = (await board(t.app, u.ann.token, { cid, containsEnd: true })).page.records as AcmRowVo[];
    const dan = withEnd.find((r) => r.username === 'dan');
    expect(dan?.submissionInfo.C).toMatchObject({ isAC: true, isAfterContest: true, isFirstAC: false });
    expect(withEnd.find((r) => r.username === 'eve')?.ac).toBe(1);
  });
});
