import { ContestAuth, Role, JudgeStatus as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRegisters, contests } from '../../src/db/schema/index.js';
import { RECENT_MS } from '../../src/modules/contest/board/cache.js';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest } from './board-fixtures.js';

// Who may see which board (doc 2 §4.2, §6, §7; issue 9 §3) and the Excel export.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.cre = await makeUser(t.ctx, 'cre', Role.PROBLEM_ADMIN);
  u.adm = await makeUser(t.ctx, 'adm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
});
afterAll(async () => {
  await t?.close();
});

async function contestWithAnAc(opts: { auth?: number; openRank?: boolean } = {}) {
  const { cid, start } = await makeContest(t.ctx, {
    creatorUid: u.cre.uid,
    startAgoMin: 30,
    endInMin: 30,
    ...opts,
  });
  const p = await addProblems(t.ctx, cid, ['A']);
  await judged(t.ctx, { cid, start, uid: u.ann.uid, pid: p.A, min: 10, status: S.ACCEPTED });
  await rebuildBoard(t.ctx.db, cid);
  return cid;
}

describe('scoreboard access', () => {
  it('needs a login for the rank tab, and registration for a private contest (contest admins always)', async () => {
    const cid = await contestWithAnAc({ auth: ContestAuth.PRIVATE });
    expect((await board(t.app, undefined, { cid })).code).toBe(401);
    expect((await board(t.app, u.bob.token, { cid })).code).toBe(403);
    expect((await board(t.app, u.adm.token, { cid })).code).toBe(403); // a site admin is no contest admin
    expect((await board(t.app, u.cre.token, { cid })).code).toBe(200);
    expect((await board(t.app, u.boss.token, { cid })).code).toBe(200);
    await t.ctx.db.insert(contestRegisters).values({ cid, uid: u.bob.uid });
    const r = await board(t.app, u.bob.token, { cid });
    expect(r.code).toBe(200);
    expect(r.page.records.map((x) => x.username)).toEqual(['ann']);
  });

  it('opens the outside board and its info without login only when openRank is on', async () => {
    const closed = await contestWithAnAc();
    const out = (cid: number, token?: string) =>
      board(t.app, token, { cid }, '/api/get-contest-outside-scoreboard');
    expect((await out(closed)).code).toBe(403);
    expect((await out(closed, u.bob.token)).code).toBe(403);
    expect((await out(closed, u.cre.token)).code).toBe(200);
    const info = (cid: number) => call(t.app, 'GET', `/api/get-contest-outsize-info?cid=${cid}`);
    expect((await info(closed)).code).toBe(403);

    const open = await contestWithAnAc({ openRank: true });
    const r = await out(open);
    expect(r.code).toBe(200);
    expect(r.page.records.map((x) => [x.username, x.rank])).toEqual([['ann', 1]]);
    const i = await info(open);
    expect(i.code).toBe(200);
    expect(i.body.data.contest).toMatchObject({ id: open, type: 0, status: 0, openRank: true });
    expect(i.body.data.problemList.map((p: { displayId: string }) => p.displayId)).toEqual(['A']);
    await t.ctx.db.update(contests).set({ visible: false }).where(eq(contests.id, open));
    await new Promise((r) => setTimeout(r, RECENT_MS + 50)); // the outside board reuses the row that long
    expect((await out(open)).code).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const r = await call(t.app, 'POST', '/api/get-contest-rank', {
      token: u.bob.token,
      payload: { cid: 'x' },
    });
    expect(r.code).toBe(400);
    expect(r.body.msg).toMatch(/cid/);
    const k = await call(t.app, 'POST', '/api/get-contest-rank', {
      token: u.bob.token,
      payload: { cid: 1, keyword: 'k'.repeat(101) },
    });
    expect(k.code).toBe(400);
    expect(k.body.msg).toMatch(/keyword/);
  });

  it('exports the real board as an Excel file for contest admins only', async () => {
    const cid = await contestWithAnAc();
    const url = `/api/file/download-contest-rank?cid=${cid}`;
    expect((await call(t.app, 'GET', url)).code).toBe(401);
    expect((await call(t.app, 'GET', url, { token: u.ann.token })).code).toBe(403);
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: u.cre.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`contest_${cid}_rank.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.getWorksheet('Rank');
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      'Rank',
      'Username',
      'Name',
      'Real Name',
      'School',
      'Award',
      'AC',
      'Total Time',
      'A',
    ]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 1, 'ann', 'ann', '', '', '', 1, 600, '00:10:00']);
  });
});
