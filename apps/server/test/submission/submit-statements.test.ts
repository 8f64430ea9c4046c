import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeJobs, submissions } from '../../src/db/schema/index.js';
import { reuseContestReadsFor } from '../../src/modules/contest/contest.reads.js';
import { queuedHooksIdle } from '../../src/modules/judge/hooks.js';
import { createSession } from '../../src/plugins/auth.js';
import { addProblem, contestSubmit, createContest } from '../contest/contest-fixtures.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call } from '../judge/judge-helpers.js';
import { statementsOf } from '../statements.js';

// Issue 22 item 2: the submit path's statements, counted (a regression test, not a timing), and a burst of
// concurrent submits all answered and each queued exactly once.

let t: TestApp;
let root: string;
let problemId: string;
let pid: number;
let cid: number;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  ({ problemId, id: pid } = await aPlusB(t.ctx));
  cid = await createContest(t.app, root);
  await addProblem(t.app, root, cid, pid, 'A');
  await t.ctx.db.execute(sql`INSERT INTO users (uid, username, password_hash, nickname)
    SELECT 'burst-' || g, 'burst' || g, 'x', 'Burst ' || g FROM generate_series(0, 54) g`);
  const req = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
  for (let i = 0; i < 55; i++) tokens.push(await createSession(t.ctx, `burst-${i}`, req));
}, 180_000);
afterAll(async () => t.close());

const practice = (token: string) =>
  call(t.app, 'POST', '/api/submit-problem-judge', {
    token,
    payload: { pid: problemId, language: 'C++', code: 'int main(){}', cid: 0 },
  });

describe('submit path statements (issue 22 item 2)', () => {
  it('a practice submission', async () => {
    await practice(tokens[0]);
    await queuedHooksIdle(t.ctx.db);
    const seen = await statementsOf(t.ctx.db, async () => expect((await practice(tokens[1])).code).toBe(200));
    // auth, the role's submit permission (Role auth) and switch (two config reads: TTL 0 in tests, a 2 s cache in
    // production), problem, language, queue lock, unfinished count, submission + job (one statement).
    expect(seen, seen.join('\n')).toHaveLength(8);
    await queuedHooksIdle(t.ctx.db);
  });

  it('a contest submission', async () => {
    await contestSubmit(t.app, tokens[2], cid, 'A');
    await queuedHooksIdle(t.ctx.db);
    const seen = await statementsOf(t.ctx.db, async () =>
      expect((await contestSubmit(t.app, tokens[3], cid, 'A')).code).toBe(200),
    );
    // auth, role permission and switch (config reads, cached in production), contest, registration, contest problem,
    // language, queue lock, unfinished count, submission + job (one statement).
    // The board cell and the board event come after the answer (afterQueued), not on the request.
    expect(seen, seen.join('\n')).toHaveLength(10);
    await queuedHooksIdle(t.ctx.db);
  });

  it('a contest submission with the contest reads reused, as in production (contest/contest.reads.ts)', async () => {
    // Reused for a minute here (a quarter second in production) so the count does not depend on timing.
    reuseContestReadsFor(t.ctx, 60_000);
    try {
      await contestSubmit(t.app, tokens[1], cid, 'A');
      await queuedHooksIdle(t.ctx.db);
      const seen = await statementsOf(t.ctx.db, async () =>
        expect((await contestSubmit(t.app, tokens[4], cid, 'A')).code).toBe(200),
      );
      // auth, role permission and switch (config reads), this user's registration, queue lock, unfinished count,
      // submission + job; the contest, its problem and the language check were read by the submit before.
      expect(seen, seen.join('\n')).toHaveLength(7);
      expect(seen.filter((s) => /from "(contests|contest_problems|problem_languages)"/i.test(s))).toEqual([]);
    } finally {
      reuseContestReadsFor(t.ctx, 0);
      await queuedHooksIdle(t.ctx.db);
    }
  });

  it('a burst of 50 concurrent contest submits: all answered, each queued exactly once, the board sees them all', async () => {
    const answers = await Promise.all(tokens.slice(5).map((tok) => contestSubmit(t.app, tok, cid, 'A')));
    expect(answers.map((a) => a.code)).toEqual(Array(50).fill(200));
    const ids = answers.map((a) => a.body.data.submitId as number);
    expect(new Set(ids).size).toBe(50);
    const jobs = await t.ctx.db
      .select({ submitId: judgeJobs.submitId })
      .from(judgeJobs)
      .innerJoin(submissions, eq(submissions.id, judgeJobs.submitId))
      .where(eq(submissions.cid, cid));
    const burstJobs = jobs.map((j) => j.submitId).filter((id) => ids.includes(id as number));
    expect(burstJobs.sort()).toEqual([...ids].sort());
    // The queued hooks ran after the answers: every burst user has a pending try on the board.
    await queuedHooksIdle(t.ctx.db);
    const cells = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM contest_cells WHERE cid = ${cid} AND uid LIKE 'burst-%' AND r_pending > 0`,
    );
    expect((cells as unknown as { rows: { n: number }[] }).rows[0].n).toBe(54); // the 50 and the 4 above
  });
});
