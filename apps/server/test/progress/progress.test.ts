import { readFileSync } from 'node:fs';
import { Role, JudgeStatus as S } from '@oj/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema/index.js';
import { addProblems, judged, makeContest } from '../contest/board-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { multipart } from '../judge/live.js';
import { PROBLEMS_DIR } from '../paths.js';
import { call, makeUser } from '../problem/fixtures.js';

// Progress of long admin work (issue 28): a rejudge of N submissions and an import of several problems report
// done/total to GET /api/admin/progress?id= while they run, for the user who started them only.

const N = 12;
let t: TestApp;
const u = {} as Record<'ann' | 'admin' | 'root' | 'root2', { uid: string; token: string }>;
let cid: number;
let pidA: number;

const progress = (token: string | undefined, id: string) =>
  call(t.app, { method: 'GET', url: `/api/admin/progress?id=${id}`, token });

/**
 * Sends `start` and polls the progress of `id` until the request has answered and the job is no longer running;
 * returns the answer and every `done` the polls saw.
 */
async function watch<R>(id: string, token: string, start: () => Promise<R>) {
  const seen: { done: number; total: number | null }[] = [];
  let answered = false;
  const request = start().finally(() => {
    answered = true;
  });
  type Seen = { state: string; done: number; total: number | null };
  let last: Seen | undefined;
  while (!answered || last?.state === 'running') {
    const r = await progress(token, id);
    if (r.code === 200) {
      const p = r.body.data as Seen;
      last = p;
      seen.push({ done: p.done, total: p.total });
    } else expect(r.code).toBe(404); // not started yet
    await new Promise((r) => setImmediate(r));
  }
  return { answer: await request, seen };
}

beforeAll(async () => {
  t = await createTestApp();
  u.ann = await makeUser(t.ctx, 'pg_ann', Role.USER);
  u.admin = await makeUser(t.ctx, 'pg_admin', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'pg_root', Role.ROOT);
  u.root2 = await makeUser(t.ctx, 'pg_root2', Role.ROOT);
  const c = await makeContest(t.ctx, { creatorUid: u.root.uid, startAgoMin: 60, endInMin: 60 });
  cid = c.cid;
  pidA = (await addProblems(t.ctx, cid, ['A'])).A;
  for (let i = 0; i < N; i++)
    await judged(t.ctx, {
      cid,
      start: c.start,
      uid: u.ann.uid,
      pid: pidA,
      min: 5 + i,
      status: S.WRONG_ANSWER,
    });
}, 120_000);
afterAll(async () => t?.close());

describe('rejudge progress (issue 28)', () => {
  it(`a rejudge of ${N} submissions reports done up to ${N} of ${N}, then how many are judged again`, async () => {
    const id = 'rejudge-progress-1';
    const { answer, seen } = await watch(id, u.root.token, () =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pidA}&progressId=${id}`,
        token: u.root.token,
      }),
    );
    expect(answer.code).toBe(200);
    expect(answer.body.data).toEqual({ count: N });
    // Never backwards, never past the total, and it ends at N of N.
    for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    for (const s of seen) expect(s.done).toBeLessThanOrEqual(N);
    const end = (await progress(u.root.token, id)).body.data;
    expect(end).toEqual({ id, kind: 'rejudge', done: N, total: N, state: 'done', judged: 0 });

    // The verdicts come back: `judged` counts them.
    const ids = (
      await t.ctx.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.cid, cid))
    )
      .map((r) => r.id)
      .slice(0, 5);
    await t.ctx.db.update(submissions).set({ status: S.ACCEPTED }).where(inArray(submissions.id, ids));
    expect((await progress(u.root.token, id)).body.data.judged).toBe(5);
  });

  it("the job is its user's: another super admin gets 404; non-admins 403; anonymous 401", async () => {
    expect((await progress(u.root2.token, 'rejudge-progress-1')).code).toBe(404);
    expect((await progress(u.ann.token, 'rejudge-progress-1')).code).toBe(403);
    expect((await progress(undefined, 'rejudge-progress-1')).code).toBe(401);
    expect((await progress(u.admin.token, 'never-started')).code).toBe(404);
  });

  it('a malformed id is 400 naming it, on the poll and on the work', async () => {
    const poll = await progress(u.root.token, 'x');
    expect(poll.code).toBe(400);
    expect(poll.body.msg).toContain('id');
    const work = await call(t.app, {
      method: 'POST',
      url: `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pidA}&progressId=bad!id`,
      token: u.root.token,
    });
    expect(work.code).toBe(400);
    expect(work.body.msg).toContain('progressId');
  });
});

describe('import progress (issue 28)', () => {
  it('an FPS file of several problems reports done up to its item count', async () => {
    const file = `${PROBLEMS_DIR}/fps/fpsparser-multi/multi.xml`;
    const id = 'import-progress-1';
    const body = multipart('file', 'multi.xml', readFileSync(file));
    const { answer, seen } = await watch(id, u.admin.token, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/file/import-fps-problem?progressId=${id}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: u.admin.token },
      });
      return { code: res.statusCode, body: res.json() };
    });
    expect(answer.code).toBe(200);
    const items = answer.body.data as unknown[];
    expect(items.length).toBeGreaterThan(1);
    for (const s of seen) if (s.total !== null) expect(s.total).toBe(items.length);
    expect((await progress(u.admin.token, id)).body.data).toEqual({
      id,
      kind: 'import',
      done: items.length,
      total: items.length,
      state: 'done',
    });
  });
});
