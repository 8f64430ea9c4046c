import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContestAuth, ContestRegisterStatus, ContestType, LIMITS, Role, JudgeStatus as S } from '@oj/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestClarifications, contestRegisters, contests, submissions } from '../../src/db/schema/index.js';
import { feedTimings } from '../../src/modules/clics/clics.stream.js';
import { rebuildBoard } from '../../src/modules/contest/board/cells.js';
import { rejudge } from '../../src/modules/judge/judge.admin.service.js';
import { makeUser, PASSWORD } from '../account/fixtures.js';
import { addProblems, judged, makeContest, queued } from '../contest/board-fixtures.js';
import { createTestApp, login, type TestApp } from '../helpers.js';
import { basic, expectReferencesSentFirst, feed, fetchAll, get, officialEvent } from './clics-fixtures.js';
import { replay } from './clics-replay.js';

// The CLICS API while a contest runs (issue 10 §5): the public view holds the seal exactly as our outside board
// (post-seal judgements withheld, pending on the scoreboard and in the feed) while contest admins see everything;
// who may call (Basic: a wrong password is a 401 with a challenge, the login throttle applies, a non-admin account
// gets the public view; 404 for contests one may not see, OI contests not offered); since_token resumes; the stream
// sends changes as they happen and keep-alive newlines, stays open after the end for the thaw, and ends with
// end_of_updates once the contest is finalized.

let t: TestApp;
const u: Record<string, string> = {};
const name = (k: string) => `${k}_live`;

beforeAll(async () => {
  t = await createTestApp();
  for (const k of ['ann', 'bob', 'pat', 'lock']) u[k] = await makeUser(t.ctx, { username: name(k) });
  u.cre = await makeUser(t.ctx, { username: name('cre'), role: Role.ADMIN });
});
afterAll(async () => {
  await t?.close();
});

/** A running contest (started 120 min ago, 60 to go) sealed from minute 90: bob WA A at 50, then ann AC A at 100. */
async function sealedRunning(
  over: { openRank?: boolean; autoRealRank?: boolean; type?: number; endInMin?: number } = {},
) {
  const { cid, start } = await makeContest(t.ctx, {
    creatorUid: u.cre,
    startAgoMin: 120,
    endInMin: over.endInMin ?? 60,
    sealAgoMin: 30,
    openRank: over.openRank ?? true,
    autoRealRank: over.autoRealRank ?? true,
    type: over.type,
  });
  const pid = await addProblems(t.ctx, cid, ['A', 'B']);
  await judged(t.ctx, { cid, start, uid: u.bob, pid: pid.A, min: 50, status: S.WRONG_ANSWER });
  await judged(t.ctx, { cid, start, uid: u.ann, pid: pid.A, min: 100, status: S.ACCEPTED });
  await rebuildBoard(t.ctx.db, cid);
  return { cid, start, pid };
}

const admin = () => basic(name('cre'));

describe('the seal on the public view', () => {
  it('withholds post-seal judgements from the public and a non-admin account, not from contest admins', async () => {
    const { cid } = await sealedRunning();
    for (const auth of [undefined, basic(name('pat'))]) {
      const all = await fetchAll(t.app, cid, auth);
      expect(all.state.frozen).not.toBeNull();
      expect(all.state.thawed).toBeNull();
      expect(all.submissions).toHaveLength(2);
      expect(all.judgements.map((j: { judgement_type_id: string }) => j.judgement_type_id)).toEqual(['WA']);
      const sb = (await get(t.app, `contests/${cid}/scoreboard`, auth)).json;
      const ann = sb.rows.find((r: { team_id: string }) => r.team_id === u.ann);
      expect(ann.score.num_solved).toBe(0);
      expect(ann.problems[0]).toMatchObject({ num_judged: 0, num_pending: 1, solved: false });
      const awards = (await get(t.app, `contests/${cid}/awards`, auth)).json;
      expect(awards.find((a: { id: string }) => a.id.startsWith('first-to-solve')).team_ids).toEqual([]);
      expect(awards.find((a: { id: string }) => a.id === 'winner').team_ids).toEqual([]);
      const events = await feed(t.app, cid, auth);
      expectReferencesSentFirst(events);
      expect(events.filter((e) => e.type === 'judgements')).toHaveLength(1);
      expect(replay(events)).toEqual(sb.rows);
    }
    const all = await fetchAll(t.app, cid, admin());
    expect(all.judgements.map((j: { judgement_type_id: string }) => j.judgement_type_id).sort()).toEqual([
      'AC',
      'WA',
    ]);
    const sb = (await get(t.app, `contests/${cid}/scoreboard`, admin())).json;
    expect(sb.rows[0]).toMatchObject({ team_id: u.ann, rank: 1, score: { num_solved: 1 } });
    expect(replay(await feed(t.app, cid, admin()))).toEqual(sb.rows);
  });

  it('sends the withheld judgements to a resuming public client once the seal is lifted', async () => {
    const { cid } = await sealedRunning({ endInMin: -1, autoRealRank: false });
    const before = await feed(t.app, cid);
    expect(before.filter((e) => e.type === 'judgements')).toHaveLength(1);
    const token = before[before.length - 1].token;
    await t.ctx.db
      .update(contests)
      .set({ autoRealRank: true, gmtModified: new Date() })
      .where(eq(contests.id, cid));
    const after = await feed(t.app, cid, undefined, `&since_token=${token}`);
    const types = after.filter((e) => e.type === 'judgements').map((e) => e.data.judgement_type_id);
    expect(types).toContain('AC');
    expect(after.find((e) => e.type === 'state')?.data.thawed).not.toBeNull();
  });
});

describe('who may call', () => {
  it('answers a wrong or malformed password with 401, a challenge and the spec error body', async () => {
    const { cid } = await sealedRunning();
    for (const auth of [basic(name('cre'), 'wrong-password'), 'Basic !!!', basic('nobody_here')]) {
      const r = await get(t.app, `contests/${cid}`, auth);
      expect(r.code, auth).toBe(401);
      expect(r.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(r.json).toMatchObject({
        code: 401,
        message: expect.any(String),
        msgKey: 'account.badCredentials',
      });
    }
  });

  it('applies the login throttle to Basic credentials (429 once the address is locked out)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.loginMaxFailures + 1; i++) {
      codes.push((await get(t.app, 'contests', basic(name('lock'), 'bad'))).code);
    }
    expect(codes.slice(0, LIMITS.loginMaxFailures)).toEqual(Array(LIMITS.loginMaxFailures).fill(401));
    expect(codes[LIMITS.loginMaxFailures]).toBe(429);
    expect((await get(t.app, 'contests', basic(name('lock')))).code).toBe(429);
  });

  it('offers a contest to the public only when its outside board is open, and never an OI contest', async () => {
    const closed = await sealedRunning({ openRank: false });
    const oi = await sealedRunning({ type: ContestType.OI });
    for (const auth of [undefined, basic(name('pat'))]) {
      expect((await get(t.app, `contests/${closed.cid}/scoreboard`, auth)).code).toBe(404);
      const list = (await get(t.app, 'contests', auth)).json.map((c: { id: string }) => c.id);
      expect(list).not.toContain(String(closed.cid));
      expect(list).not.toContain(String(oi.cid));
    }
    expect((await get(t.app, `contests/${closed.cid}/scoreboard`, admin())).code).toBe(200);
    expect((await get(t.app, 'contests', admin())).json.map((c: { id: string }) => c.id)).toContain(
      String(closed.cid),
    );
    expect((await get(t.app, `contests/${oi.cid}`, admin())).code).toBe(404);
  });
});

describe('submissions of a private contest', () => {
  it('follow our submission list: not for anonymous or unregistered callers, yes once registered', async () => {
    // Private, outside board open: the board is public, the submissions are the registered participants'.
    const { cid, start } = await makeContest(t.ctx, {
      creatorUid: u.cre,
      startAgoMin: 120,
      endInMin: 60,
      openRank: true,
      auth: ContestAuth.PRIVATE,
    });
    const pid = await addProblems(t.ctx, cid, ['A']);
    await judged(t.ctx, { cid, start, uid: u.bob, pid: pid.A, min: 50, status: S.WRONG_ANSWER });
    await rebuildBoard(t.ctx.db, cid);
    await t.ctx.db.insert(contestRegisters).values({ cid, uid: u.ann, status: ContestRegisterStatus.VALID });
    for (const auth of [undefined, basic(name('pat'))]) {
      // Our own list refuses them (anonymous: 401; signed in, not registered: 403) ...
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/contest-submissions?cid=${cid}&currentPage=1&limit=10`,
        headers: auth ? { authorization: await login(t.app, name('pat'), PASSWORD) } : {},
      });
      expect(own.statusCode, String(auth)).toBeGreaterThanOrEqual(401);
      // ... and so does CLICS: no submissions or judgements in access, the endpoints or the feed.
      const all = await fetchAll(t.app, cid, auth);
      const types = all.access.endpoints.map((e: { type: string }) => e.type);
      expect(types).not.toContain('submissions');
      expect(types).not.toContain('judgements');
      expect(types).toContain('scoreboard');
      expect((await get(t.app, `contests/${cid}/submissions`, auth)).code).toBe(404);
      expect((await get(t.app, `contests/${cid}/judgements`, auth)).code).toBe(404);
      const events = await feed(t.app, cid, auth);
      expect(events.filter((e) => e.type === 'submissions' || e.type === 'judgements')).toEqual([]);
    }
    const registered = await get(t.app, `contests/${cid}/submissions`, basic(name('ann')));
    expect(registered.code).toBe(200);
    expect(registered.json).toHaveLength(1);
    expect((await get(t.app, `contests/${cid}/judgements`, admin())).json).toHaveLength(1);
  });
});

describe('the event feed', () => {
  it('resumes from a token with the changes since, and refuses tokens that are not ours', async () => {
    const { cid, pid } = await sealedRunning();
    const full = await feed(t.app, cid, admin());
    const token = full[full.length - 1].token;
    const sid = await queued(t.ctx, { cid, uid: u.bob, pid: pid.B });
    const since = await feed(t.app, cid, admin(), `&since_token=${token}`);
    expectReferencesSentFirst([...full, ...since]);
    expect(since.some((e) => e.type === 'submissions' && e.id === String(sid))).toBe(true);
    for (const bad of ['abc', '-5', String(Date.now() + 3600_000)]) {
      const r = await get(t.app, `contests/${cid}/event-feed?stream=false&since_token=${bad}`, admin());
      expect(r.code, bad).toBe(400);
    }
  });

  it('streams changes as they happen, keeps alive with newlines, stays open for the thaw, ends with end_of_updates', async () => {
    const saved = { ...feedTimings };
    Object.assign(feedTimings, { pollMs: 100, keepAliveMs: 400 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    try {
      // Ends 15 s from now and stays sealed until an admin lifts the seal; watched by the public.
      const { cid, pid } = await sealedRunning({ endInMin: 0.25, autoRealRank: false });
      let text = '';
      const ended = new Promise<void>((resolve, reject) => {
        const req = http.get(
          {
            port,
            host: '127.0.0.1',
            path: `/api/clics/contests/${cid}/event-feed`,
          },
          (res) => {
            expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve());
          },
        );
        req.on('error', reject);
      });
      await waitFor(() => text.includes('"type":"state"'));
      const sid = await queued(t.ctx, { cid, uid: u.ann, pid: pid.B });
      await waitFor(() => text.includes(`"type":"submissions","id":"${sid}"`));
      await waitFor(() => /\n\n/.test(text)); // a bare newline: the keep-alive
      // A rejudge supersedes bob's judgement: its deletion follows; a deleted clarification is deleted too.
      const [bobs] = await t.ctx.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.cid, cid), eq(submissions.uid, u.bob)));
      await waitFor(() => text.includes(`"type":"judgements","id":"${bobs.id}-0"`));
      await rejudge(t.ctx, bobs.id);
      await waitFor(() => text.includes(`"type":"judgements","id":"${bobs.id}-0","data":null`));
      const [post] = await t.ctx.db
        .insert(contestClarifications)
        .values({ cid, answer: 'Mind the limits.', public: true })
        .returning({ id: contestClarifications.id });
      await waitFor(() => text.includes(`"id":"a${post.id}","data":{`));
      await t.ctx.db.delete(contestClarifications).where(eq(contestClarifications.id, post.id));
      await waitFor(() => text.includes(`"id":"a${post.id}","data":null`));
      // The contest ends: the stream stays open (sealed, two submissions still pending: nothing is final).
      await waitFor(() => /"ended":"\d/.test(text), 20_000);
      expect(text).not.toContain('"judgement_type_id":"AC"');
      await t.ctx.db
        .update(contests)
        .set({ autoRealRank: true, gmtModified: new Date() })
        .where(eq(contests.id, cid));
      await waitFor(() => text.includes('"judgement_type_id":"AC"')); // the thaw releases ann's AC
      const now = new Date();
      await t.ctx.db
        .update(submissions)
        .set({ status: S.WRONG_ANSWER, judgeStart: now, judgeEnd: now, gmtModified: now })
        .where(and(eq(submissions.cid, cid), inArray(submissions.status, [S.PENDING, S.JUDGING])));
      await ended; // every judgement final: end_of_updates goes out last and the server closes the stream
      const events = text
        .split('\n')
        .filter(Boolean)
        .map((l) => officialEvent(JSON.parse(l))); // every streamed line against the official schemas
      expect(events.at(-1)).toMatchObject({ type: 'state', data: { end_of_updates: expect.any(String) } });
      expect(events.filter((e) => e.type === 'state' && e.data.end_of_updates)).toHaveLength(1);
    } finally {
      Object.assign(feedTimings, saved);
    }
  }, 30_000);
});

async function waitFor(ok: () => boolean, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
