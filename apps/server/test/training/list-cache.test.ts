import { Role, JudgeStatus as S, type TrainingVo } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newExtensionPoints } from '../../src/app-events.js';
import type { AppContext } from '../../src/context.js';
import { trainingListStats } from '../../src/modules/training/training.list.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';

// The training list's page cache (docs/trainings.md "Training list"): a page's rows are kept per list version
// (cache_versions 'training_list', moved by triggers) and only the caller's progress is read per request. Every
// change an admin can make (create, edit, visible switch, a problem added or removed, a category renamed, a
// training deleted) shows in the very next list call, on this instance and on a second one sharing the database.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let category = 0;
const pids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  await registerJudgehost(t.app, t.ctx, 'jh');
  u.ann = await makeUser(t.ctx, 'ann', Role.USER);
  u.coach = await makeUser(t.ctx, 'coach', Role.PROBLEM_ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  for (const id of ['LC-1', 'LC-2', 'LC-3']) pids.push((await aPlusB(t.ctx, id)).id);
  const c = await send(t.app, 'POST', '/api/admin/training/category', u.coach.token, {
    name: 'Lists',
    color: '#112233',
  });
  category = c.data.id;
});
afterAll(async () => {
  await t?.close();
});

/** Calls `app` and expects 200; the body's `data`. */
async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  const r = await app.inject({
    method,
    url,
    payload: payload as never,
    headers: token ? { authorization: token } : {},
  });
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: API JSON read by tests field by field
  return JSON.parse(r.body) as { data: any };
}

type ListPage = { records: TrainingVo[]; total: number };

/** The training list through `app` (default this instance) for `token` (default ann; null: anonymous). */
async function list(app = t.app, token: string | null = u.ann.token, query = 'limit=50'): Promise<ListPage> {
  return (await send(app, 'GET', `/api/get-training-list?${query}`, token ?? undefined)).data;
}

const row = (p: ListPage, tid: number) => p.records.find((r) => r.id === tid);

/** Creates a public training of `problems` (display ids A, B, …) through `app`; its id. */
async function makeTraining(title: string, problems: number[], app = t.app) {
  const r = await send(app, 'POST', '/api/admin/training', u.coach.token, {
    training: { title, description: 'x', auth: 'Public', rank: 500 },
    trainingCategory: { id: category },
  });
  const tid = r.data.tid as number;
  for (const [i, pid] of problems.entries()) {
    await send(app, 'POST', '/api/admin/training/add-problem-from-public', u.coach.token, {
      tid,
      pid,
      displayId: String.fromCharCode(65 + i),
    });
  }
  return tid;
}

/** The list served twice: the second time from the cache (no build). */
async function cached(app = t.app, stats = trainingListStats): Promise<ListPage> {
  await list(app);
  const before = stats.builds;
  const p = await list(app);
  expect(stats.builds).toBe(before);
  return p;
}

describe('the training list cache on one instance', () => {
  it('serves a kept page and shows every admin change on the very next call', async () => {
    const tid = await makeTraining('Cached one', [pids[0]]);
    let p = await cached();
    expect(row(p, tid)).toMatchObject({
      title: 'Cached one',
      problemCount: 1,
      acCount: 0,
      categoryName: 'Lists',
    });
    const total = p.total;

    const edit = (training: Record<string, unknown>) =>
      send(t.app, 'PUT', '/api/admin/training', u.coach.token, {
        training: { id: tid, description: 'x', auth: 'Public', rank: 500, ...training },
        trainingCategory: { id: category },
      });
    await edit({ title: 'Renamed one', rank: 7 });
    p = await list();
    expect(row(p, tid)).toMatchObject({ title: 'Renamed one', rank: 7 });
    expect(p.records[0].id).toBe(tid); // number 7 sorts first

    await cached();
    await send(
      t.app,
      'PUT',
      `/api/admin/training/change-training-status?tid=${tid}&status=false`,
      u.coach.token,
    );
    p = await list();
    expect(row(p, tid)).toBeUndefined();
    expect(p.total).toBe(total - 1);
    await send(
      t.app,
      'PUT',
      `/api/admin/training/change-training-status?tid=${tid}&status=true`,
      u.coach.token,
    );
    expect(row(await list(), tid)).toBeDefined();

    await cached();
    await send(t.app, 'POST', '/api/admin/training/add-problem-from-public', u.coach.token, {
      tid,
      pid: pids[1],
      displayId: 'B',
    });
    expect(row(await list(), tid)?.problemCount).toBe(2);
    await cached();
    await send(t.app, 'DELETE', `/api/admin/training/problem?tid=${tid}&pid=${pids[0]}`, u.coach.token);
    expect(row(await list(), tid)?.problemCount).toBe(1);

    await cached();
    await send(t.app, 'PUT', '/api/admin/training/category', u.coach.token, {
      id: category,
      name: 'Renamed lists',
      color: '#445566',
    });
    expect(row(await list(), tid)).toMatchObject({ categoryName: 'Renamed lists', categoryColor: '#445566' });

    await cached();
    const second = await makeTraining('Second one', []);
    p = await list();
    expect(row(p, second)).toMatchObject({ title: 'Second one', problemCount: 0 });
    expect(p.total).toBe(total + 1);
    await cached();
    await send(t.app, 'DELETE', `/api/admin/training?tid=${second}`, u.boss.token);
    p = await list();
    expect(row(p, second)).toBeUndefined();
    expect(p.total).toBe(total);
  });

  it('reads the caller progress per request: a verdict shows without building the page again', async () => {
    const tid = await makeTraining('Progress', [pids[2]]);
    expect(row(await cached(), tid)?.acCount).toBe(0);
    const s = await send(t.app, 'POST', '/api/submit-problem-judge', u.ann.token, {
      pid: 'A',
      language: 'C++',
      code: 'int main(){}',
      cid: 0,
      tid,
    });
    expect(s.data.submitId).toBeGreaterThan(0);
    await judgeNext(t.app, t.ctx, S.ACCEPTED);
    const before = trainingListStats.builds;
    expect(row(await list(), tid)?.acCount).toBe(1);
    expect(trainingListStats.builds).toBe(before);
    // The same kept page for another caller (their own progress) and for an anonymous one (null).
    expect(row(await list(t.app, u.coach.token), tid)?.acCount).toBe(0);
    expect(row(await list(t.app, null), tid)?.acCount).toBeNull();
    expect(trainingListStats.builds).toBe(before);
  });

  it('answers concurrent callers each with their own progress, read together', async () => {
    const tid = await makeTraining('Together', [pids[2]]);
    await cached();
    const who = [u.ann.token, u.coach.token, null];
    const readsBefore = trainingListStats.reads;
    const pages = await Promise.all(Array.from({ length: 30 }, (_, i) => list(t.app, who[i % 3])));
    pages.forEach((p, i) => {
      expect(row(p, tid)?.acCount).toBe([1, 0, null][i % 3]);
    });
    // Waiting requests share one statement: fewer statements than requests.
    expect(trainingListStats.reads - readsBefore).toBeLessThan(30);
  });

  it('keeps filtered pages apart and pages past the end right', async () => {
    const tid = await makeTraining('Needle in a list', []);
    const found = await list(t.app, u.ann.token, 'keyword=needle&limit=5');
    expect(found.records.map((r) => r.id)).toEqual([tid]);
    const none = await list(t.app, u.ann.token, 'keyword=haystack&limit=5');
    expect(none.total).toBe(0);
    const past = await list(t.app, u.ann.token, 'limit=5&currentPage=99');
    expect(past.records).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    await send(t.app, 'POST', '/api/admin/training', u.coach.token, {
      training: { title: 'Another needle', description: 'x', auth: 'Public' },
      trainingCategory: { id: category },
    });
    expect((await list(t.app, u.ann.token, 'keyword=needle&limit=5')).total).toBe(2);
    expect((await list(t.app, u.ann.token, 'limit=5&currentPage=99')).total).toBe(past.total + 1);
  });

  it('sees a change made by plain SQL (no training code) through the triggers', async () => {
    const tid = await makeTraining('Behind the back', []);
    await cached();
    await t.ctx.db.execute(sql`UPDATE training_categories SET name = 'By hand' WHERE id = ${category}`);
    expect(row(await list(), tid)?.categoryName).toBe('By hand');
    await cached();
    await t.ctx.db.execute(
      sql`INSERT INTO training_problems (tid, pid, display_id) VALUES (${tid}, ${pids[0]}, 'Z')`,
    );
    expect(row(await list(), tid)?.problemCount).toBe(1);
    await cached();
    // A problem deleted elsewhere cascades to its links.
    const p = await aPlusB(t.ctx, 'LC-GONE');
    await t.ctx.db.execute(
      sql`INSERT INTO training_problems (tid, pid, display_id) VALUES (${tid}, ${p.id}, 'Y')`,
    );
    expect(row(await list(), tid)?.problemCount).toBe(2);
    await cached();
    await t.ctx.db.execute(sql`DELETE FROM problems WHERE id = ${p.id}`);
    expect(row(await list(), tid)?.problemCount).toBe(1);
  });

  it('does not build again for a verdict (the trainings row update of the rank version moves nothing listed)', async () => {
    await cached();
    const before = trainingListStats.builds;
    await t.ctx.db.execute(sql`UPDATE trainings SET rank_version = rank_version + 1`);
    await list();
    expect(trainingListStats.builds).toBe(before);
  });
});

describe('the training list cache on two app instances sharing the database', () => {
  it("shows one instance's changes on the other's very next call", async () => {
    // The other instance: a fresh copy of every server module (its own caches), on PostgreSQL its own pool.
    vi.resetModules();
    const { buildApp } = await import('../../src/app.js');
    const list2 = await import('../../src/modules/training/training.list.js');
    expect(list2.trainingListStats).not.toBe(trainingListStats);
    let ctx2: AppContext = { ...t.ctx, ...newExtensionPoints() };
    let closeDb = async () => {};
    if (t.ctx.dbKind === 'postgres') {
      const dbUrl = (t.ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const { openDb } = await import('../../src/db/client.js');
      const { ConfigService } = await import('../../src/modules/config/config.service.js');
      const handle = await openDb({ url: dbUrl, poolSize: 2 });
      ctx2 = { ...t.ctx, db: handle.db, config: new ConfigService(handle.db), ...newExtensionPoints() };
      closeDb = () => handle.close();
    }
    const app2 = await buildApp({ ctx: ctx2 });
    await app2.ready();
    try {
      const tid = await makeTraining('Two instances', [pids[0]]);
      expect(row(await cached(), tid)?.title).toBe('Two instances');
      expect(row(await cached(app2, list2.trainingListStats), tid)?.title).toBe('Two instances');

      // Changes made on A show on B's next call, and the other way round.
      await send(t.app, 'PUT', '/api/admin/training', u.coach.token, {
        training: { id: tid, title: 'Edited on A', description: 'x', auth: 'Public' },
        trainingCategory: { id: category },
      });
      expect(row(await list(app2), tid)?.title).toBe('Edited on A');
      await send(
        app2,
        'PUT',
        `/api/admin/training/change-training-status?tid=${tid}&status=false`,
        u.coach.token,
      );
      expect(row(await list(), tid)).toBeUndefined();
      await send(
        t.app,
        'PUT',
        `/api/admin/training/change-training-status?tid=${tid}&status=true`,
        u.coach.token,
      );
      expect(row(await list(app2), tid)).toBeDefined();
      await send(app2, 'POST', '/api/admin/training/add-problem-from-public', u.coach.token, {
        tid,
        pid: pids[1],
        displayId: 'B',
      });
      expect(row(await list(), tid)?.problemCount).toBe(2);
      await send(t.app, 'DELETE', `/api/admin/training/problem?tid=${tid}&pid=${pids[0]}`, u.coach.token);
      expect(row(await list(app2), tid)?.problemCount).toBe(1);
      await send(app2, 'PUT', '/api/admin/training/category', u.coach.token, {
        id: category,
        name: 'Renamed on B',
        color: '#778899',
      });
      expect(row(await list(), tid)?.categoryName).toBe('Renamed on B');
      const made = await makeTraining('Made on B', [], app2);
      expect(row(await list(), made)?.title).toBe('Made on B');
      await send(t.app, 'DELETE', `/api/admin/training?tid=${made}`, u.boss.token);
      expect(row(await list(app2), made)).toBeUndefined();
    } finally {
      await app2.close();
      await closeDb();
    }
  });
});
