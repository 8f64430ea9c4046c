import { JudgeStatus, ProblemAuth, Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../src/db/schema/index.js';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, judgeNext, registerJudgehost, submitAs, userWithRole } from '../judge/judge-helpers.js';

// Issue 8 finding 2: a private (or contest-only) problem shows nowhere to those who may not view it.

let t: TestApp;
const tok: Record<string, string> = {};
let hiddenPid: number;
let publicPid: number;
/** alice's accepted submissions: one to the problem made private, one to a public problem. */
let onHidden: number;
let onPublic: number;
/** alice's wrong answer on a 4-case problem made private (the owner could download case 3 while it was public). */
let waOnHidden: number;

/** GET /api/file/download-testcase-one (a zip, or a JSON error). */
const downloadWaCase = (submitId: number, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/file/download-testcase-one?submitId=${submitId}`,
    headers: { authorization: token },
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  tok.root = await login(t.app, 'root', ROOT_PASSWORD);
  tok.alice = await userWithRole(t.app, t.ctx, 'alice', Role.USER);
  tok.bob = await userWithRole(t.app, t.ctx, 'bob', Role.USER);
  tok.admin = await userWithRole(t.app, t.ctx, 'adm', Role.ADMIN);
  await registerJudgehost(t.app, t.ctx, 'jh');
  hiddenPid = (
    await createProblem(t.ctx.db, {
      problem: { title: 'Top secret title', problemId: 'HID1' },
      testcases: [],
    })
  ).id;
  publicPid = (
    await createProblem(t.ctx.db, { problem: { title: 'Open', problemId: 'PUB1' }, testcases: [] })
  ).id;
  await submitAs(t.app, tok.alice, 'HID1');
  onHidden = await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
  await submitAs(t.app, tok.alice, 'PUB1');
  onPublic = await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
  const four = Array.from({ length: 4 }, (_, i) => ({ input: `${i}\n`, output: `${i}\n` }));
  const hidden4 = await createProblem(t.ctx.db, {
    problem: { title: 'H4', problemId: 'HID4' },
    testcases: four,
  });
  await submitAs(t.app, tok.alice, 'HID4');
  const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;
  waOnHidden = await judgeNext(t.app, t.ctx, WA, { caseStatuses: [AC, AC, WA, AC] });
  const wasAllowed = await downloadWaCase(waOnHidden, tok.alice);
  if (wasAllowed.statusCode !== 200)
    throw new Error(`setup: download of a public WA refused ${wasAllowed.statusCode}`);
  for (const id of [hiddenPid, hidden4.id]) {
    await t.ctx.db.update(problems).set({ auth: ProblemAuth.PRIVATE }).where(eq(problems.id, id));
  }
});
afterAll(async () => t?.close());

describe('private problems stay hidden (finding 2)', () => {
  it('get-submission-detail: 403 without the title for visitors and users, 200 for managers', async () => {
    for (const who of [undefined, 'bob', 'alice']) {
      const r = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${onHidden}`, {
        token: who && tok[who],
      });
      expect(r.code, who).toBe(403);
      expect(JSON.stringify(r.body)).not.toContain('Top secret title');
    }
    const admin = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${onHidden}`, {
      token: tok.admin,
    });
    expect(admin.code).toBe(200);
    expect(admin.body.data.submission.title).toBe('Top secret title');
    const open = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${onPublic}`, {
      token: tok.bob,
    });
    expect(open.code).toBe(200);
  });

  it('check-submissions-status leaves out submissions of problems the caller may not view', async () => {
    const ask = (token?: string) =>
      call(t.app, 'POST', '/api/check-submissions-status', {
        token,
        payload: { submitIds: [onHidden, onPublic] },
      });
    for (const token of [undefined, tok.bob]) {
      const r = await ask(token);
      expect(r.code).toBe(200);
      expect(Object.keys(r.body.data)).toEqual([String(onPublic)]);
    }
    expect(Object.keys((await ask(tok.root)).body.data).sort()).toEqual(
      [String(onHidden), String(onPublic)].sort(),
    );
  });

  it('get-problem-languages: 403 for a private problem like the problem detail, 404 unknown, 200 public', async () => {
    const langs = (pid: number, token?: string) =>
      call(t.app, 'GET', `/api/get-problem-languages?pid=${pid}`, { token });
    expect((await langs(hiddenPid)).code).toBe(403);
    expect((await langs(hiddenPid, tok.bob)).code).toBe(403);
    expect((await langs(hiddenPid, tok.admin)).code).toBe(200);
    expect((await langs(999_999)).code).toBe(404);
    expect((await langs(publicPid)).code).toBe(200);
  });

  it("the user home's solved list names the private problem only to managers", async () => {
    const home = (token?: string) => call(t.app, 'GET', '/api/get-user-home-info?username=alice', { token });
    for (const token of [undefined, tok.bob, tok.alice]) {
      const r = await home(token);
      expect(r.code).toBe(200);
      expect(r.body.data.solvedList).toEqual(['PUB1']);
      expect(JSON.stringify(r.body.data.solvedGroupByDifficulty)).not.toContain('HID1');
    }
    expect((await home(tok.root)).body.data.solvedList).toEqual(['HID1', 'PUB1']);
  });

  it('the wrong-case download refuses a submission of a problem the owner may no longer view', async () => {
    expect((await downloadWaCase(waOnHidden, tok.alice)).statusCode).toBe(403);
  });
});
