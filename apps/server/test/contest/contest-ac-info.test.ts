import { type ContestAcInfoVo, Role, JudgeStatus as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestAcRecords, contestProblems, submissions } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { addProblems, MIN, makeContest, queued } from './board-fixtures.js';

// AC info, the balloon list (issue 10 §1; doc 2 §2.7, §3 "AC info", §7), on PGlite or PostgreSQL. Verdicts go
// through the judged hooks as the judge's result path sends them; rejudges through the admin route.

let t: TestApp;
const u = {} as Record<'ann' | 'bob' | 'cat' | 'cre' | 'admin' | 'root', { uid: string; token: string }>;
let cid: number;
let start: Date;
let p: Record<string, number>;

const get = (token: string | undefined, q = '') =>
  call(t.app, { method: 'GET', url: `/api/get-contest-ac-info?cid=${cid}${q}`, token });
const check = (token: string | undefined, body: object) =>
  call(t.app, { method: 'PUT', url: '/api/check-contest-ac-info', token, payload: body });

/** A submission `min` minutes into the contest whose verdict `status` arrives through the judged hooks. */
async function submitWith(who: keyof typeof u, d: string, min: number, status: number, c = cid) {
  const id = await queued(t.ctx, {
    cid: c,
    uid: u[who].uid,
    pid: p[d],
    at: new Date(start.getTime() + min * MIN),
  });
  await verdict(id, status);
  return id;
}
async function verdict(id: number, status: number) {
  await t.ctx.db.transaction(async (tx) => {
    const [s] = await tx.update(submissions).set({ status }).where(eq(submissions.id, id)).returning();
    await t.ctx.events.emit('submission/judged', tx, {
      submitId: id,
      pid: s.pid,
      uid: s.uid,
      cid: s.cid,
      status,
      score: null,
      previousStatus: null,
      source: 'judge',
    });
  });
}
const rows = async () => {
  const r = await get(u.cre.token);
  if (r.code !== 200) throw new Error(`ac info: ${r.code} ${r.body.msg}`);
  return r.body.data.records as ContestAcInfoVo[];
};

beforeAll(async () => {
  t = await createTestApp();
  for (const n of ['ann', 'bob', 'cat'] as const) u[n] = await makeUser(t.ctx, `ac_${n}`, Role.USER);
  u.cre = await makeUser(t.ctx, 'ac_cre', Role.PROBLEM_ADMIN);
  u.admin = await makeUser(t.ctx, 'ac_admin', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'ac_root', Role.ROOT);
  ({ cid, start } = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 }));
  p = await addProblems(t.ctx, cid, ['A', 'B']);
  await t.ctx.db.update(contestProblems).set({ color: '#ff0000' }).where(eq(contestProblems.pid, p.A));
});
afterAll(async () => {
  await t?.close();
});

describe('the AC records kept from verdicts', () => {
  it('records the first AC per participant and problem, flags first blood, ignores later ACs and WAs', async () => {
    await submitWith('bob', 'A', 5, S.WRONG_ANSWER);
    const annA = await submitWith('ann', 'A', 10, S.ACCEPTED);
    await submitWith('ann', 'A', 12, S.ACCEPTED); // a second AC: no new balloon
    const bobA = await submitWith('bob', 'A', 20, S.ACCEPTED);
    await submitWith('bob', 'B', 30, S.ACCEPTED);
    const r = await rows();
    expect(r.map((x) => [x.username, x.displayId, x.firstBlood])).toEqual([
      ['ac_ann', 'A', true],
      ['ac_bob', 'A', false],
      ['ac_bob', 'B', true],
    ]);
    expect(r[0]).toMatchObject({ cid, submitId: annA, color: '#ff0000', checked: false, realname: '' });
    expect(r[1].submitId).toBe(bobA);
    expect(r[2].color).toBeNull();
    expect((await get(u.cre.token)).body.data.total).toBe(3);
  });

  it('moves the record and first blood when a rejudge takes the AC away, and back when it returns', async () => {
    const before = await rows();
    const annA = before[0].submitId;
    const rj = await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge?submitId=${annA}`,
      token: u.root.token,
    });
    expect(rj.code).toBe(200);
    let r = await rows();
    // ann's next AC on A (12 min) now counts; it is still earlier than bob's (20 min).
    expect(r.find((x) => x.username === 'ac_ann')?.submitId).not.toBe(annA);
    await verdict(annA, S.WRONG_ANSWER);
    r = await rows();
    expect(r.filter((x) => x.displayId === 'A').map((x) => [x.username, x.firstBlood])).toEqual([
      ['ac_ann', true],
      ['ac_bob', false],
    ]);
    await verdict(annA, S.ACCEPTED);
    expect((await rows()).find((x) => x.username === 'ac_ann')?.submitId).toBe(annA);
  });

  it('drops the record when the only AC is rejudged, and does not record ACs after the end', async () => {
    const catB = await submitWith('cat', 'B', 40, S.ACCEPTED);
    expect((await rows()).some((x) => x.username === 'ac_cat')).toBe(true);
    await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge?submitId=${catB}`,
      token: u.root.token,
    });
    expect((await rows()).some((x) => x.username === 'ac_cat')).toBe(false);
    await submitWith('cat', 'A', 24 * 60, S.ACCEPTED); // a day after the start: after the end
    expect((await rows()).some((x) => x.username === 'ac_cat')).toBe(false);
  });
});

describe('GET /api/get-contest-ac-info and PUT /api/check-contest-ac-info', () => {
  it('lists unchecked first and lets the creator and a super admin check and uncheck', async () => {
    const first = (await rows())[0];
    expect((await check(u.cre.token, { id: first.id, cid, checked: true })).code).toBe(200);
    let r = await rows();
    expect(r[r.length - 1]).toMatchObject({ id: first.id, checked: true });
    expect(r[0].checked).toBe(false);
    expect((await check(u.root.token, { id: first.id, cid, checked: false })).code).toBe(200);
    r = await rows();
    expect(r[0]).toMatchObject({ id: first.id, checked: false });
    const page = await get(u.root.token, '&currentPage=2&limit=2');
    expect(page.body.data).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page.body.data.records).toHaveLength(1);
  });

  it('pages by 20 by default', async () => {
    expect((await get(u.cre.token)).body.data.size).toBe(20);
  });

  it('refuses anonymous callers (401), participants and other admins (403)', async () => {
    const [rec] = await t.ctx.db.select().from(contestAcRecords).limit(1);
    expect((await get(undefined)).code).toBe(401);
    expect((await get(u.ann.token)).code).toBe(403);
    expect((await get(u.admin.token)).code).toBe(403);
    expect((await check(undefined, { id: rec.id, cid, checked: true })).code).toBe(401);
    expect((await check(u.ann.token, { id: rec.id, cid, checked: true })).code).toBe(403);
    expect((await check(u.admin.token, { id: rec.id, cid, checked: true })).code).toBe(403);
  });

  it('answers 404 for a record of another contest, 400 for an OI contest or a bad body', async () => {
    const [rec] = await t.ctx.db.select().from(contestAcRecords).limit(1);
    const oi = await makeContest(t.ctx, { type: 1, creatorUid: u.cre.uid, startAgoMin: 10, endInMin: 10 });
    expect((await check(u.cre.token, { id: rec.id, cid: oi.cid, checked: true })).code).toBe(404);
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/get-contest-ac-info?cid=${oi.cid}`,
      token: u.cre.token,
    });
    expect(r.code).toBe(400);
    expect((await check(u.cre.token, { id: rec.id, cid, checked: 'yes' })).code).toBe(400);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/get-contest-ac-info?cid=999999', token: u.root.token }))
        .code,
    ).toBe(404);
  });
});
