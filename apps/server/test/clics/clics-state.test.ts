import { Role, JudgeStatus as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests, submissions } from '../../src/db/schema/index.js';
import { makeUser, PASSWORD } from '../account/fixtures.js';
import { addProblems, judged, MIN, queued } from '../contest/board-fixtures.js';
import { contestPayload, fromNow, HOUR } from '../contest/contest-fixtures.js';
import { createTestApp, login, type TestApp } from '../helpers.js';
import { call } from '../problem/fixtures.js';
import { basic, feed, get } from './clics-fixtures.js';

// Issue 23 §3 and §4: the CLICS state records each transition once, when it happens, so later contest edits
// (through the real admin API) neither move nor erase past ones; `finalized` and `end_of_updates` come once the
// contest has ended, thawed and every in-contest submission is judged, and `end_of_updates` is the feed's last event.

let t: TestApp;
let token: string;
let auth: string;
const admin = `state_admin`;

beforeAll(async () => {
  t = await createTestApp();
  await makeUser(t.ctx, { username: admin, role: Role.ADMIN });
  token = await login(t.app, admin, PASSWORD);
  auth = basic(admin);
});
afterAll(async () => {
  await t?.close();
});

/** An ended ACM contest (2 h long, ended 1 h ago) sealed for its last 30 min; `over` overrides the body. */
const body = (over: Record<string, unknown> = {}) =>
  contestPayload({
    startTime: fromNow(-3 * HOUR),
    endTime: fromNow(-HOUR),
    sealRank: true,
    sealRankTime: fromNow(-1.5 * HOUR),
    autoRealRank: false,
    openRank: true,
    ...over,
  });

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const r = await call(t.app, { method: 'POST', url: '/api/admin/contest', token, payload: body(over) });
  expect(r.code, r.body.msg).toBe(200);
  const cid = r.body.data.cid as number;
  // Created the day before (as a real contest is), not after its own end.
  const before = new Date(Date.now() - 24 * HOUR);
  await t.ctx.db.update(contests).set({ gmtCreate: before, gmtModified: before }).where(eq(contests.id, cid));
  return cid;
}
async function edit(cid: number, over: Record<string, unknown>): Promise<void> {
  const r = await call(t.app, {
    method: 'PUT',
    url: '/api/admin/contest',
    token,
    payload: body({ id: cid, ...over }),
  });
  expect(r.code, r.body.msg).toBe(200);
}
const state = async (cid: number) => (await get(t.app, `contests/${cid}/state`, auth)).json;

describe('CLICS state transitions', () => {
  it('keeps thawed and finalized where they happened when the contest is edited later', async () => {
    const cid = await create();
    const sealed = await state(cid);
    expect(sealed).toMatchObject({ frozen: expect.any(String), ended: expect.any(String), thawed: null });
    expect(sealed.finalized).toBeNull();
    await edit(cid, { autoRealRank: true }); // the admin lifts the seal: the thaw
    const thawed = await state(cid);
    expect(thawed.thawed).not.toBeNull();
    expect(Date.parse(thawed.thawed)).toBeGreaterThan(Date.parse(thawed.ended));
    expect(thawed.finalized).not.toBeNull();
    expect(thawed.end_of_updates).not.toBeNull();
    // The contest's thaw time says when the manual thaw happened (it said null: not the end by itself).
    expect((await get(t.app, `contests/${cid}`, auth)).json.scoreboard_thaw_time).toBe(thawed.thawed);
    await new Promise((r) => setImmediate(r));
    await edit(cid, { autoRealRank: true, description: 'A new description.' });
    expect(await state(cid)).toEqual(thawed);
  });

  it('keeps frozen and thawed when the seal is switched off after the end, even unread before', async () => {
    const cid = await create({ autoRealRank: true }); // thawed by the clock at the end; nobody read the API yet
    await edit(cid, { sealRank: false, sealRankTime: null });
    const s = await state(cid);
    expect(s.frozen).not.toBeNull();
    expect(s.thawed).toBe(s.ended);
  });

  it('finalizes only once every in-contest submission is judged, and the stream ends with end_of_updates', async () => {
    const cid = await create({ autoRealRank: true, sealRank: false, sealRankTime: null });
    const pid = await addProblems(t.ctx, cid, ['A']);
    const uid = await makeUser(t.ctx, { username: 'state_team' });
    const [{ start }] = await t.ctx.db
      .select({ start: contests.startTime })
      .from(contests)
      .where(eq(contests.id, cid));
    await judged(t.ctx, { cid, start, uid, pid: pid.A, min: 10, status: S.WRONG_ANSWER });
    const sid = await queued(t.ctx, { cid, uid, pid: pid.A, at: new Date(start.getTime() + 20 * MIN) });
    expect(await state(cid)).toMatchObject({
      ended: expect.any(String),
      finalized: null,
      end_of_updates: null,
    });
    await t.ctx.db
      .update(submissions)
      .set({ status: S.ACCEPTED, judgeStart: new Date(), judgeEnd: new Date(), gmtModified: new Date() })
      .where(eq(submissions.id, sid));
    const done = await state(cid);
    expect(done.finalized).not.toBeNull();
    expect(done.end_of_updates).toBe(done.finalized);
    const events = await feed(t.app, cid, auth);
    expect(events.at(-1)).toMatchObject({ type: 'state', data: { end_of_updates: done.end_of_updates } });
  });
});
