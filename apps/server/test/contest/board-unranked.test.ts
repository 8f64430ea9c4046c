import { type AcmRowVo, AwardType, ContestType, type OiRowVo, Role, JudgeStatus as S } from '@oj/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest, queued } from './board-fixtures.js';

// Site admins and problem admins take part out of the ranking, as star accounts do (issue 23 §2b item 3;
// docs/contests.md "Unranked participants"): rank -1, no award, no first blood, on every board path.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
const GOLD = { priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 1 };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.pad = await makeUser(t.ctx, 'pad', Role.PROBLEM_ADMIN);
  u.adm = await makeUser(t.ctx, 'adm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
});
afterAll(async () => {
  await t?.close();
});

/**
 * An ACM contest (started 60 min ago, ends in 60, openRank, one gold medal) created by boss: adm solves A and B
 * first (minutes 2 and 3), pad A at 4, ann A at 10, bob nothing (one WA).
 */
async function acmStory(type: number = ContestType.ACM) {
  const { cid, start } = await makeContest(t.ctx, {
    type,
    creatorUid: u.boss.uid,
    startAgoMin: 60,
    endInMin: 60,
    openRank: true,
    awardType: AwardType.NUMBER,
    awardConfig: [GOLD],
  });
  const p = await addProblems(t.ctx, cid, ['A', 'B'], type);
  const sub = (who: string, d: string, min: number, status: number) =>
    judged(t.ctx, {
      cid,
      start,
      uid: u[who].uid,
      pid: p[d],
      min,
      status,
      score: status === S.ACCEPTED ? 100 : 0,
    });
  await sub('adm', 'A', 2, S.ACCEPTED);
  await sub('adm', 'B', 3, S.ACCEPTED);
  await sub('pad', 'A', 4, S.ACCEPTED);
  await sub('ann', 'A', 10, S.ACCEPTED);
  await sub('bob', 'B', 11, S.WRONG_ANSWER);
  await rebuildBoard(t.ctx.db, cid);
  return { cid, start, p };
}

const brief = (r: AcmRowVo) => [
  r.username,
  r.rank,
  r.ac,
  r.submissionInfo.A?.isFirstAC ?? null,
  r.awardName ?? null,
];

describe('admins and problem admins on a contest board', () => {
  it('ACM rank tab and outside board: rank -1, no first blood, no award; removeStar drops them', async () => {
    const { cid } = await acmStory();
    const expected = [
      ['adm', -1, 2, false, null],
      ['pad', -1, 1, false, null],
      ['ann', 1, 1, true, 'Gold'],
      ['bob', 2, 0, null, null],
    ];
    const tab = await board(t.app, u.ann.token, { cid });
    expect(tab.code).toBe(200);
    expect((tab.page.records as AcmRowVo[]).map(brief)).toEqual(expected);
    const out = await board(t.app, undefined, { cid }, '/api/get-contest-outside-scoreboard');
    expect(out.code).toBe(200);
    expect((out.page.records as AcmRowVo[]).map(brief)).toEqual(expected);
    const noStar = await board(
      t.app,
      undefined,
      { cid, removeStar: true },
      '/api/get-contest-outside-scoreboard',
    );
    expect(noStar.page.records.map((r) => r.username)).toEqual(['ann', 'bob']);
  });

  it('keeps them unranked on a patched board (a new try of a staff member and of a participant)', async () => {
    const { cid, p } = await acmStory();
    await board(t.app, u.ann.token, { cid }); // builds and caches the board
    await queued(t.ctx, { cid, uid: u.pad.uid, pid: p.B });
    await queued(t.ctx, { cid, uid: u.bob.uid, pid: p.A });
    const rows = (await board(t.app, u.ann.token, { cid })).page.records as AcmRowVo[];
    expect(rows.map((r) => [r.username, r.rank])).toEqual([
      ['adm', -1],
      ['pad', -1],
      ['ann', 1],
      ['bob', 2],
    ]);
    expect(rows.find((r) => r.username === 'pad')?.submissionInfo.B?.tryNum).toBe(1); // the patch did run
  });

  it('OI board: unranked too, and the Excel export marks them "*"', async () => {
    const { cid } = await acmStory(ContestType.OI);
    const rows = (await board(t.app, u.boss.token, { cid })).page.records as OiRowVo[];
    expect(rows.map((r) => [r.username, r.rank, r.totalScore])).toEqual([
      ['adm', -1, 200],
      ['ann', 1, 100],
      ['pad', -1, 100],
      ['bob', 2, 0],
    ]);
    const url = `/api/file/download-contest-rank?cid=${cid}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: u.boss.token } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.getWorksheet('Rank');
    const ranks: unknown[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 2) ranks.push([row.getCell(2).value, row.getCell(1).value]);
    });
    expect(ranks).toEqual([
      ['adm', '*'],
      ['ann', 1],
      ['pad', '*'],
      ['bob', 2],
    ]);
  });

  it('scroll board: their rows are stars', async () => {
    const { cid } = await acmStory();
    const r = await call(t.app, 'GET', `/api/get-contest-scroll-board?cid=${cid}`, { token: u.boss.token });
    expect(r.code).toBe(200);
    const rows = r.body.data.rows as AcmRowVo[];
    expect(rows.map((x) => [x.username, x.rank])).toEqual([
      ['adm', -1],
      ['pad', -1],
      ['ann', 1],
      ['bob', 2],
    ]);
    const removed = await call(t.app, 'GET', `/api/get-contest-scroll-board?cid=${cid}&removeStar=true`, {
      token: u.boss.token,
    });
    expect((removed.body.data.rows as AcmRowVo[]).map((x) => x.username)).toEqual(['ann', 'bob']);
  });
});
