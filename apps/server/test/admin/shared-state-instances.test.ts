import { Role, JudgeStatus as S } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { adminProgress, generatedAccounts } from '../../src/db/schema/index.js';
import { progressStep, progressTotal, withProgress } from '../../src/modules/progress/progress.js';
import { addProblems, judged, makeContest } from '../contest/board-fixtures.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { type SecondInstance, secondInstance } from '../second-instance.js';

// Long admin work's progress and the generated accounts awaiting download live in the database (migration 0021),
// so that any server process or instance answers: app B is another copy of every server module (vi.resetModules:
// its own module state, as another node:cluster worker or instance has) on the same database (PGlite: the same
// database object; PostgreSQL: a pool of its own). Before, both lived in one process's memory and B said 404.

const N = 12;
let a: TestApp;
let b: SecondInstance;
const u = {} as Record<'root' | 'root2' | 'ann', { uid: string; token: string }>;
let cid: number;
let pid: number;

beforeAll(async () => {
  a = await createTestApp();
  b = await secondInstance(a);
  u.root = await makeUser(a.ctx, 'ss_root', Role.ROOT);
  u.root2 = await makeUser(a.ctx, 'ss_root2', Role.ROOT);
  u.ann = await makeUser(a.ctx, 'ss_ann', Role.ADMIN);
  const c = await makeContest(a.ctx, { creatorUid: u.root.uid, startAgoMin: 60, endInMin: 60 });
  cid = c.cid;
  pid = (await addProblems(a.ctx, cid, ['A'])).A;
  for (let i = 0; i < N; i++)
    await judged(a.ctx, { cid, start: c.start, uid: u.ann.uid, pid, min: 5 + i, status: S.WRONG_ANSWER });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const poll = (app: FastifyInstance, token: string, id: string) =>
  call(app, { method: 'GET', url: `/api/admin/progress?id=${id}`, token });
const rejudgeOnA = (id: string) =>
  call(a.app, {
    method: 'POST',
    url: `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pid}&progressId=${id}`,
    token: u.root.token,
  });

describe('progress of long admin work across instances', () => {
  it('a rejudge run on A is polled on B, while it runs and after; another user polling on B gets 404', async () => {
    const id = 'shared-rejudge-1';
    let answered = false;
    const request = rejudgeOnA(id).finally(() => {
      answered = true;
    });
    const seen: number[] = [];
    while (!answered) {
      const r = await poll(b.app, u.root.token, id);
      if (r.code === 200) seen.push(r.body.data.done);
      else expect(r.code).toBe(404); // not started yet
      await new Promise((r) => setImmediate(r));
    }
    const answer = await request;
    expect(answer.code).toBe(200);
    expect(answer.body.data).toEqual({ count: N });
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect((await poll(b.app, u.root.token, id)).body.data).toEqual({
      id,
      kind: 'rejudge',
      done: N,
      total: N,
      state: 'done',
      judged: 0,
    });
    expect((await poll(b.app, u.root2.token, id)).code).toBe(404);
    expect((await poll(a.app, u.root2.token, id)).code).toBe(404);
    const [row] = await a.ctx.db.select().from(adminProgress).where(eq(adminProgress.id, id));
    expect(row).toMatchObject({ uid: u.root.uid, state: 'done', done: N, total: N });
    expect(row.submissionIds).toHaveLength(N);
  });

  it('an id of a job still running on another instance is 400 naming progressId; a dead one reads failed', async () => {
    const id = 'shared-running-1';
    // A job of ss_root that another process is running (written just now).
    await a.ctx.db
      .insert(adminProgress)
      .values({ uid: u.root.uid, id, kind: 'import', done: 3, total: 10, state: 'running' });
    const busy = await rejudgeOnA(id);
    expect(busy.code).toBe(400);
    expect(busy.body.msg).toContain('progressId');
    expect((await poll(b.app, u.root.token, id)).body.data).toMatchObject({ state: 'running', done: 3 });

    // Its process died: no write for 11 minutes. The poll says failed, and the id may be used again.
    await a.ctx.db
      .update(adminProgress)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(adminProgress.id, id));
    expect((await poll(b.app, u.root.token, id)).body.data).toMatchObject({ state: 'failed', done: 3 });
    const again = await rejudgeOnA(id);
    expect(again.code).toBe(200);
    expect((await poll(b.app, u.root.token, id)).body.data).toMatchObject({ state: 'done', done: N });

    // An hour after its last write the record is gone (404), and deleted when another job starts.
    await a.ctx.db
      .update(adminProgress)
      .set({ updatedAt: sql`now() - interval '61 minutes'` })
      .where(eq(adminProgress.id, id));
    expect((await poll(b.app, u.root.token, id)).code).toBe(404);
    expect((await rejudgeOnA('shared-after-expiry')).code).toBe(200);
    expect(await a.ctx.db.select().from(adminProgress).where(eq(adminProgress.id, id))).toEqual([]);
  });

  it('steps are written coalesced, not one statement each, and always at the end', async () => {
    let updates = 0;
    const counted = new Proxy(a.ctx.db, {
      get(target, key) {
        if (key === 'update') updates++;
        const v = Reflect.get(target, key, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as Db;
    const req = {
      query: { progressId: 'shared-steps-1' },
      server: { ctx: { ...a.ctx, db: counted } },
      log: a.app.log,
    } as unknown as FastifyRequest;
    const steps = 5000;
    let mid: unknown;
    const t0 = Date.now();
    await withProgress(req, u.root.uid, 'import', async () => {
      progressTotal(steps);
      for (let i = 0; i < steps; i++) {
        progressStep();
        if (i % 50 === 0) await new Promise((r) => setTimeout(r, 1));
        if (i + 1 === steps / 2) {
          // A pause longer than the write interval: what was reported is written by then, and B reads it.
          await new Promise((r) => setTimeout(r, 400));
          mid = (await poll(b.app, u.root.token, 'shared-steps-1')).body.data;
        }
      }
    });
    const ms = Date.now() - t0;
    expect(mid).toMatchObject({ done: steps / 2, total: steps, state: 'running' });
    // One write per 250 ms at most, plus the last; far from one per step.
    expect(updates).toBeGreaterThanOrEqual(2);
    expect(updates).toBeLessThanOrEqual(Math.ceil(ms / 250) + 2);
    expect((await poll(b.app, u.root.token, 'shared-steps-1')).body.data).toEqual({
      id: 'shared-steps-1',
      kind: 'import',
      done: steps,
      total: steps,
      state: 'done',
    });
  });
});

describe('generated accounts across instances', () => {
  it('a batch generated on A downloads on B; the stored row holds no plain password', async () => {
    const root = await login(a.app, 'root', ROOT_PASSWORD);
    const gen = await call(a.app, {
      method: 'POST',
      url: '/api/admin/user/generate-user',
      token: root,
      payload: { prefix: 'shared', suffix: '', number_from: 1, number_to: 3, password_length: 10 },
    });
    expect(gen.code).toBe(200);
    const key = gen.body.data.key as string;
    const download = (app: FastifyInstance) =>
      call(app, { method: 'GET', url: `/api/file/generate-user-excel?key=${key}`, token: root });
    const file = await download(b.app);
    expect(file.code).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(2) as string[][];
    expect(rows.map((r) => r[1])).toEqual(['shared1', 'shared2', 'shared3']);
    await expect(login(b.app, 'shared2', rows[1][2])).resolves.toBeTruthy();

    const [row] = await a.ctx.db.select().from(generatedAccounts).where(eq(generatedAccounts.key, key));
    const stored = JSON.stringify(row.accounts);
    for (const r of rows) expect(stored).not.toContain(r[2]);
    expect(row.accounts.map((x) => x.username)).toEqual(['shared1', 'shared2', 'shared3']);
    for (const x of row.accounts) expect(x.passwordEnc).toMatch(/^v1\./);
    expect(Object.keys(row.accounts[0]).sort()).toEqual(['passwordEnc', 'username']);

    // A non-root admin may not download it; after 30 minutes nobody can, and the row goes with the next batch.
    expect(
      (
        await call(b.app, {
          method: 'GET',
          url: `/api/file/generate-user-excel?key=${key}`,
          token: u.ann.token,
        })
      ).code,
    ).toBe(403);
    await a.ctx.db
      .update(generatedAccounts)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(generatedAccounts.key, key));
    expect((await download(b.app)).code).toBe(404);
    expect((await download(a.app)).code).toBe(404);
    const next = await call(b.app, {
      method: 'POST',
      url: '/api/admin/user/generate-user',
      token: root,
      payload: { prefix: 'shared', suffix: 'b', number_from: 1, number_to: 1, password_length: 8 },
    });
    expect(next.code).toBe(200);
    expect(await a.ctx.db.select().from(generatedAccounts).where(eq(generatedAccounts.key, key))).toEqual([]);
    expect(
      (await call(a.app, { method: 'GET', url: '/api/file/generate-user-excel?key=nope', token: root })).code,
    ).toBe(404);
  });
});
