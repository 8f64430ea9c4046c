import { brotliDecompressSync } from 'node:zlib';
import { Role, JudgeStatus as S } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newExtensionPoints } from '../../src/app-events.js';
import { rankCacheStats } from '../../src/modules/training/training.rank.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';

// The training rank's page cache (docs/trainings.md "Speed"): a page is kept per rank version and served without
// building again; a verdict, a rejudge, a problem removal, a registration and a settings change move the version
// (in the database), so the next page shows the change, in this process at once and in another within 250 ms.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let category = 0;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  await registerJudgehost(t.app, t.ctx, 'jh');
  for (const name of ['ann', 'bob', 'cat', 'dan']) u[name] = await makeUser(t.ctx, name, Role.USER);
  u.coach = await makeUser(t.ctx, 'coach', Role.PROBLEM_ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  const c = await call(t.app, 'POST', '/api/admin/training/category', {
    token: u.coach.token,
    payload: { name: 'Cache', color: '#00ff00' },
  });
  category = c.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

/** A training of two new problems A and B (no earlier submissions): its id and the problems' ids. */
async function makeTraining(auth: 'Public' | 'Private') {
  made += 1;
  const pids = [(await aPlusB(t.ctx, `RC-${made}-1`)).id, (await aPlusB(t.ctx, `RC-${made}-2`)).id];
  const r = await call(t.app, 'POST', '/api/admin/training', {
    token: u.coach.token,
    payload: {
      training: { title: `RC ${auth}`, description: 'x', auth, privatePwd: 'pw' },
      trainingCategory: { id: category },
    },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  const tid = r.body.data.tid as number;
  for (const [i, pid] of pids.entries()) {
    const a = await call(t.app, 'POST', '/api/admin/training/add-problem-from-public', {
      token: u.coach.token,
      payload: { tid, pid, displayId: String.fromCharCode(65 + i) },
    });
    expect(a.code, JSON.stringify(a.body)).toBe(200);
  }
  return { tid, pids };
}

async function solve(who: string, pid: string, status: number, tid: number) {
  const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
    token: u[who].token,
    payload: { pid, language: 'C++', code: 'int main(){}', cid: 0, tid },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  await judgeNext(t.app, t.ctx, status);
  return r.body.data.submitId as number;
}

type Row = { username: string; rank: number; ac: number; submissionInfo: Record<string, { status: number }> };

/** The rank page as served (raw body), through `app` (default this instance). */
async function page(tid: number, app = t.app, token = u.boss.token) {
  const r = await app.inject({
    method: 'GET',
    url: `/api/get-training-rank?tid=${tid}&limit=30`,
    headers: { authorization: token },
  });
  expect(r.statusCode, r.body).toBe(200);
  return { raw: r.body, data: JSON.parse(r.body).data as { records: Row[]; total: number } };
}

const summary = (rows: Row[]) => rows.map((r) => [r.username, r.rank, r.ac]);

/** Asserts the page is served from the cache: asking again builds nothing and answers the same bytes. */
async function expectCached(tid: number) {
  const first = await page(tid);
  const builds = rankCacheStats.builds;
  const again = await page(tid);
  expect(rankCacheStats.builds).toBe(builds);
  expect(again.raw).toBe(first.raw);
  return first;
}

describe('training rank page cache', () => {
  it('serves a kept page until a verdict, then shows the verdict at once', async () => {
    const { tid } = await makeTraining('Public');
    await solve('ann', 'A', S.ACCEPTED, tid);
    const before = await expectCached(tid);
    expect(summary(before.data.records)).toEqual([['ann', 1, 1]]);
    await solve('bob', 'A', S.ACCEPTED, tid);
    await solve('bob', 'B', S.ACCEPTED, tid);
    const after = await page(tid);
    expect(summary(after.data.records)).toEqual([
      ['bob', 1, 2],
      ['ann', 2, 1],
    ]);
    // A submission still judging already moves the cell (queued seam).
    await expectCached(tid);
    const sub = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.ann.token,
      payload: { pid: 'B', language: 'C++', code: 'int main(){}', cid: 0, tid },
    });
    expect(sub.code).toBe(200);
    const queued = (await page(tid)).data.records.find((r) => r.username === 'ann');
    expect(queued?.submissionInfo.B?.status).toBe(S.PENDING);
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    expect((await page(tid)).data.records.find((r) => r.username === 'ann')?.submissionInfo.B?.status).toBe(
      S.WRONG_ANSWER,
    );
  });

  it('follows a rejudge and a problem removal', async () => {
    const { tid, pids } = await makeTraining('Public');
    await solve('cat', 'A', S.ACCEPTED, tid);
    const catB = await solve('cat', 'B', S.ACCEPTED, tid);
    await solve('dan', 'A', S.ACCEPTED, tid);
    expect(summary((await expectCached(tid)).data.records)).toEqual([
      ['cat', 1, 2],
      ['dan', 2, 1],
    ]);
    const rj = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${catB}`, {
      token: u.boss.token,
    });
    expect(rj.code, JSON.stringify(rj.body)).toBe(200);
    // Back to pending: the page shows it before the new verdict.
    const pending = (await page(tid)).data.records.find((r) => r.username === 'cat');
    expect(pending?.ac).toBe(1);
    await judgeNext(t.app, t.ctx, S.WRONG_ANSWER);
    const rejudged = await expectCached(tid);
    expect(rejudged.data.records.find((r) => r.username === 'cat')?.submissionInfo.B?.status).toBe(
      S.WRONG_ANSWER,
    );
    const del = await call(
      t.app,
      'DELETE' as 'GET',
      `/api/admin/training/problem?tid=${tid}&pid=${pids[0]}`,
      {
        token: u.coach.token,
      },
    );
    expect(del.code, JSON.stringify(del.body)).toBe(200);
    const removed = await page(tid);
    // dan had only A: his record is left without cells and goes (public training, not registered).
    expect(summary(removed.data.records)).toEqual([['cat', 1, 0]]);
    expect(removed.data.records.every((r) => r.submissionInfo.A === undefined)).toBe(true);
  });

  it('shows a new registration of a private training at once, and a settings change', async () => {
    const { tid } = await makeTraining('Private');
    await call(t.app, 'POST', '/api/register-training', {
      token: u.ann.token,
      payload: { tid, password: 'pw' },
    });
    expect(summary((await expectCached(tid)).data.records)).toEqual([['ann', 1, 0]]);
    const reg = await call(t.app, 'POST', '/api/register-training', {
      token: u.dan.token,
      payload: { tid, password: 'pw' },
    });
    expect(reg.code, JSON.stringify(reg.body)).toBe(200);
    expect((await page(tid)).data.total).toBe(2);
    // Made public: every user with a record ranks (cat solved A in practice, outside the training).
    const cat = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.cat.token,
      payload: { pid: `RC-${made}-1`, language: 'C++', code: 'int main(){}', cid: 0 },
    });
    expect(cat.code, JSON.stringify(cat.body)).toBe(200);
    await judgeNext(t.app, t.ctx, S.ACCEPTED);
    await expectCached(tid);
    const edit = await call(t.app, 'PUT', '/api/admin/training', {
      token: u.coach.token,
      payload: {
        training: { id: tid, title: 'RC now public', description: 'x', auth: 'Public' },
        trainingCategory: { id: category },
      },
    });
    expect(edit.code, JSON.stringify(edit.body)).toBe(200);
    expect(summary((await page(tid)).data.records)).toEqual([
      ['cat', 1, 1],
      ['ann', 2, 0],
      ['dan', 2, 0],
    ]);
  });

  it('answers the kept page precompressed for a browser', async () => {
    const { tid } = await makeTraining('Public');
    for (const name of ['eve', 'fay', 'gus', 'hal']) u[name] ??= await makeUser(t.ctx, name, Role.USER);
    for (const who of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal']) {
      await solve(who, 'A', S.ACCEPTED, tid);
      await solve(who, 'B', S.WRONG_ANSWER, tid);
    }
    expect((await page(tid)).raw.length).toBeGreaterThan(1024); // compressed only from 1 KiB
    const plain = await page(tid);
    const br = await t.app.inject({
      method: 'GET',
      url: `/api/get-training-rank?tid=${tid}&limit=30`,
      headers: { authorization: u.boss.token, 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.raw);
    // A keyword page is this viewer's own: filtered from the same board, keeping the whole board's ranks.
    const kw = await t.app.inject({
      method: 'GET',
      url: `/api/get-training-rank?tid=${tid}&limit=30&keyword=DA`,
      headers: { authorization: u.boss.token },
    });
    const data = JSON.parse(kw.body).data;
    expect(data.total).toBe(1);
    expect(data.records[0]).toMatchObject({ username: 'dan', rank: 1, ac: 1 });
    expect(data.records[0].submissionInfo.A.status).toBe(S.ACCEPTED);
  });
});

describe('a second app instance (another server process) on the same database', () => {
  it('sees a verdict and a problem link deleted elsewhere through trainings.rank_version', async () => {
    const { tid, pids } = await makeTraining('Public');
    await solve('ann', 'A', S.ACCEPTED, tid);
    const bobB = await solve('bob', 'B', S.WRONG_ANSWER, tid);
    expect(summary((await expectCached(tid)).data.records)).toEqual([
      ['ann', 1, 1],
      ['bob', 2, 0],
    ]);

    // The other instance: a fresh copy of every server module (its own caches), its own hub, same database.
    vi.resetModules();
    const other = await import('../../src/app.js');
    const app2 = await other.buildApp({ ctx: { ...t.ctx, ...newExtensionPoints() } });
    await app2.ready();
    try {
      const rank2 = await import('../../src/modules/training/training.rank.js');
      expect(rank2.rankCacheStats).not.toBe(rankCacheStats);
      expect(summary((await page(tid, app2)).data.records)).toEqual([
        ['ann', 1, 1],
        ['bob', 2, 0],
      ]);
      const judge2 = await import('../../src/modules/judge/judge.admin.service.js');
      const root = { uid: u.boss.uid, username: 'boss', role: Role.ROOT, sid: '' };
      await judge2.manualJudge(app2.ctx, root, { submitId: bobB, status: S.ACCEPTED });
      // The other instance forgot its reused row at once; this one learns within 250 ms.
      expect(summary((await page(tid, app2)).data.records)).toEqual([
        ['ann', 1, 1],
        ['bob', 1, 1],
      ]);
      await new Promise((r) => setTimeout(r, 300));
      expect(summary((await page(tid)).data.records)).toEqual([
        ['ann', 1, 1],
        ['bob', 1, 1],
      ]);
      // A link deleted by no training code at all (as a problem's deletion cascades): the trigger moves it.
      await expectCached(tid);
      await t.ctx.db.execute(sql`DELETE FROM training_problems WHERE tid = ${tid} AND pid = ${pids[1]}`);
      await new Promise((r) => setTimeout(r, 300));
      const gone = await page(tid);
      expect(gone.data.records.every((r) => r.submissionInfo.B === undefined)).toBe(true);
    } finally {
      await app2.close();
    }
  });
});
