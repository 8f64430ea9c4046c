import { type AcmRowVo, Role, JudgeStatus as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema/index.js';
import { viewerBoard } from '../../src/modules/contest/board/page.js';
import { loadContest } from '../../src/modules/contest/contest.access.js';
import { get as clics } from '../clics/clics-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { addProblems, MIN, makeContest, queued } from './board-fixtures.js';

// Issue 23 §3 item 2, the first-blood race: first to solve is not given while an earlier submission of the problem
// is still being judged (it could be an earlier AC), so it never goes to one team and then moves to another; the
// board's isFirstAC and the CLICS first-to-solve award (read off the board) agree.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['fb_ann', 'fb_bob', 'fb_cat']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.fb_cre = await makeUser(t.ctx, 'fb_cre', Role.ADMIN);
  await registerJudgehost(t.app, t.ctx, 'jh');
});
afterAll(async () => {
  await t?.close();
});

/** A contest submission with a final verdict `min` minutes after `start`, its cell refreshed by the hooks. */
async function judgedNow(cid: number, start: Date, who: string, pid: number, min: number, status: number) {
  await t.ctx.db.transaction(async (tx) => {
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
  });
}

/** Who holds first blood on each problem: on our board (real view) and in the CLICS awards (public view). */
async function firstBlood(cid: number, pids: Record<string, number>) {
  const c = await loadContest(t.ctx, cid);
  const { board } = await viewerBoard(
    t.ctx.db,
    c,
    { uid: null, isContestAdmin: true },
    {
      forceRefresh: false,
      containsEnd: false,
    },
  );
  const awards = (await clics(t.app, `contests/${cid}/awards`)).json as { id: string; team_ids: string[] }[];
  const name = (uid: string) => Object.keys(u).find((k) => u[k].uid === uid);
  const out: Record<string, { board: string[]; clics: string[] }> = {};
  for (const [id, pid] of Object.entries(pids)) {
    out[id] = {
      board: (board.rows as AcmRowVo[]).filter((r) => r.submissionInfo[id]?.isFirstAC).map((r) => r.username),
      clics: (awards.find((a) => a.id === `first-to-solve-${pid}`)?.team_ids ?? []).map((x) => name(x) ?? x),
    };
  }
  return out;
}

describe('first blood while an earlier submission is being judged', () => {
  it('waits for the earlier verdict, then gives it once and never moves it', async () => {
    const { cid, start } = await makeContest(t.ctx, {
      creatorUid: u.fb_cre.uid,
      startAgoMin: 60,
      endInMin: 60,
      openRank: true,
    });
    const p = await addProblems(t.ctx, cid, ['A', 'B']);
    // bob submits A and B at minute 10, still judging; ann's ACs of minute 11 are judged first.
    const bobA = await queued(t.ctx, {
      cid,
      uid: u.fb_bob.uid,
      pid: p.A,
      at: new Date(start.getTime() + 10 * MIN),
    });
    const bobB = await queued(t.ctx, {
      cid,
      uid: u.fb_bob.uid,
      pid: p.B,
      at: new Date(start.getTime() + 10 * MIN),
    });
    await judgedNow(cid, start, 'fb_ann', p.A, 11, S.ACCEPTED);
    await judgedNow(cid, start, 'fb_ann', p.B, 11, S.ACCEPTED);
    expect(await firstBlood(cid, p)).toEqual({ A: { board: [], clics: [] }, B: { board: [], clics: [] } });
    // bob's A is an AC (earlier: his), his B a WA (ann keeps hers).
    expect(await judgeNext(t.app, t.ctx, S.ACCEPTED)).toBe(bobA); // the judge's verdicts, in queue order
    expect(await judgeNext(t.app, t.ctx, S.WRONG_ANSWER)).toBe(bobB);
    const given = await firstBlood(cid, p);
    expect(given).toEqual({
      A: { board: ['fb_bob'], clics: ['fb_bob'] },
      B: { board: ['fb_ann'], clics: ['fb_ann'] },
    });
    // A submission made after the first AC, still judging, does not take it back.
    await queued(t.ctx, { cid, uid: u.fb_cat.uid, pid: p.B, at: new Date(start.getTime() + 20 * MIN) });
    expect(await firstBlood(cid, p)).toEqual(given);
  });
});
