import { type AcmRowVo, Role, JudgeStatus as S } from '@oj/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeJobs, problems, submissions } from '../../src/db/schema/index.js';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { addProblems, board, judged, makeContest } from './board-fixtures.js';

// Rejudge of one contest problem (issue 10 §1; doc 2 §2.7 Rejudge tab), on PGlite or PostgreSQL.

let t: TestApp;
const u = {} as Record<'ann' | 'bob' | 'cre' | 'admin' | 'root', { uid: string; token: string }>;
let cid: number;
let p: Record<string, number>;

const rejudge = (token: string | undefined, q: string) =>
  call(t.app, { method: 'POST', url: `/api/admin/judge/rejudge-contest-problem?${q}`, token });

beforeAll(async () => {
  t = await createTestApp();
  u.ann = await makeUser(t.ctx, 'rj_ann', Role.USER);
  u.bob = await makeUser(t.ctx, 'rj_bob', Role.USER);
  u.cre = await makeUser(t.ctx, 'rj_cre', Role.PROBLEM_ADMIN);
  u.admin = await makeUser(t.ctx, 'rj_admin', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'rj_root', Role.ROOT);
  const c = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
  cid = c.cid;
  p = await addProblems(t.ctx, cid, ['A', 'B']);
  await judged(t.ctx, { cid, start: c.start, uid: u.ann.uid, pid: p.A, min: 5, status: S.ACCEPTED });
  await judged(t.ctx, { cid, start: c.start, uid: u.bob.uid, pid: p.A, min: 6, status: S.WRONG_ANSWER });
  await judged(t.ctx, { cid, start: c.start, uid: u.bob.uid, pid: p.B, min: 7, status: S.ACCEPTED });
  await rebuildBoard(t.ctx.db, cid);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/admin/judge/rejudge-contest-problem', () => {
  it('refuses anonymous callers (401) and every role but super admin (403), the contest creator included', async () => {
    expect((await rejudge(undefined, `cid=${cid}&pid=${p.A}`)).code).toBe(401);
    for (const who of [u.ann, u.cre, u.admin])
      expect((await rejudge(who.token, `cid=${cid}&pid=${p.A}`)).code).toBe(403);
  });

  it('answers 404 for an unknown contest or a problem not in it, 400 without cid or pid', async () => {
    expect((await rejudge(u.root.token, `cid=999999&pid=${p.A}`)).code).toBe(404);
    expect((await rejudge(u.root.token, `cid=${cid}&pid=999999`)).code).toBe(404);
    expect((await rejudge(u.root.token, `cid=${cid}`)).code).toBe(400);
  });

  it('puts every submission of the problem back to Pending through the judge queue; the board follows', async () => {
    const before = (await board(t.app, u.cre.token, { cid })).page.records as AcmRowVo[];
    expect(before.find((r) => r.username === 'rj_ann')?.ac).toBe(1);

    const r = await rejudge(u.root.token, `cid=${cid}&pid=${p.A}`);
    expect(r.code).toBe(200);
    expect(r.body.data).toEqual({ count: 2 });

    const subs = await t.ctx.db.select().from(submissions).where(eq(submissions.cid, cid));
    for (const s of subs) expect(s.status).toBe(s.pid === p.A ? S.PENDING : S.ACCEPTED);
    const ofA = subs.filter((s) => s.pid === p.A).map((s) => s.id);
    const jobs = await t.ctx.db
      .select()
      .from(judgeJobs)
      .where(and(inArray(judgeJobs.submitId, ofA), eq(judgeJobs.state, 'queued')));
    expect(jobs.map((j) => j.submitId).sort()).toEqual(ofA.sort());

    const after = (await board(t.app, u.cre.token, { cid })).page.records as AcmRowVo[];
    expect(after.find((r) => r.username === 'rj_ann')?.ac).toBe(0);
    expect(after.find((r) => r.username === 'rj_bob')?.ac).toBe(1);
  });

  it('rejudges another problem for a second super admin call; nothing else moves', async () => {
    const r = await rejudge(u.root.token, `cid=${cid}&pid=${p.B}`);
    expect(r.code).toBe(200);
    expect(r.body.data).toEqual({ count: 1 });
  });

  it('takes remote-judge submissions too: queued again for remote judgehosts (issue 27)', async () => {
    await t.ctx.db.update(problems).set({ isRemote: true, remoteOj: 'HDU' }).where(eq(problems.id, p.B));
    await t.ctx.db.update(submissions).set({ isRemote: true }).where(eq(submissions.pid, p.B));
    const r = await rejudge(u.root.token, `cid=${cid}&pid=${p.B}`);
    expect(r.body.data).toEqual({ count: 1 });
    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.pid, p.B));
    const jobs = await t.ctx.db
      .select()
      .from(judgeJobs)
      .where(and(eq(judgeJobs.submitId, sub.id), eq(judgeJobs.state, 'queued')));
    expect(jobs.map((j) => j.remoteOj)).toEqual(['HDU']);
  });
});
