import { JudgeStatus, ProblemAuth, Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../src/db/schema/index.js';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, registerJudgehost, submitAs, userWithRole } from '../judge/judge-helpers.js';
import { problemBody } from '../problem/fixtures.js';
import { type FakeCase, judgeWithData } from './security-helpers.js';

// Issue 8 findings 1 and 7: per-case test data and code only under doc 2 §6's rules.

let t: TestApp;
const tok: Record<string, string> = {};
/** alice's WA on the open 4-case problem (case 3 fails first) and on the open 3-case problem (case 2). */
let waOn4: number;
let waOn3: number;

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const CASES4: FakeCase[] = [1, 2, 3, 4].map((i) => ({
  status: i === 3 ? WA : AC,
  inputData: `secret input ${i}`,
  outputData: `secret answer ${i}`,
  userOutput: `user output ${i}`,
  message: `checker says ${i}`,
}));
const tc = (n: number) => Array.from({ length: n }, (_, i) => ({ input: `in ${i}\n`, output: `out ${i}\n` }));

async function caseResult(submitId: number, token?: string) {
  return call(t.app, 'GET', `/api/get-all-case-result?submitId=${submitId}`, { token });
}

/** The case indexes whose data fields (input, expected, user output, message) came back. */
function casesWithData(list: Record<string, unknown>[]): number[] {
  return list
    .filter((c) => c.inputData != null || c.outputData != null || c.userOutput != null || c.message != null)
    .map((c) => c.caseId as number);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  tok.root = await login(t.app, 'root', ROOT_PASSWORD);
  tok.alice = await userWithRole(t.app, t.ctx, 'alice', Role.USER);
  tok.bob = await userWithRole(t.app, t.ctx, 'bob', Role.USER);
  tok.pa = await userWithRole(t.app, t.ctx, 'pa', Role.PROBLEM_ADMIN);
  tok.admin = await userWithRole(t.app, t.ctx, 'adm', Role.ADMIN);
  await registerJudgehost(t.app, t.ctx, 'jh');
  await createProblem(t.ctx.db, {
    problem: { title: 'Four', problemId: 'F4', openCaseResult: true },
    testcases: tc(4),
  });
  await createProblem(t.ctx.db, {
    problem: { title: 'Three', problemId: 'T3', openCaseResult: true },
    testcases: tc(3),
  });
  await submitAs(t.app, tok.alice, 'F4');
  waOn4 = await judgeWithData(t.app, t.ctx, WA, CASES4);
  await submitAs(t.app, tok.alice, 'T3');
  waOn3 = await judgeWithData(t.app, t.ctx, WA, [CASES4[0], { ...CASES4[2] }, CASES4[1]]);
});
afterAll(async () => t?.close());

describe('GET /api/get-all-case-result: test data (finding 1)', () => {
  it('gives anonymous visitors, other users and plain admins status, time, memory and score only', async () => {
    for (const who of [undefined, 'bob', 'admin']) {
      const r = await caseResult(waOn4, who && tok[who]);
      expect(r.code, who).toBe(200);
      const list = r.body.data.judgeCaseList;
      expect(list.map((c: { status: number }) => c.status)).toEqual([AC, AC, WA, AC]);
      expect(list[0]).toMatchObject({ caseId: 1, time: 3, memory: 200 });
      expect(casesWithData(list), who).toEqual([]);
      expect(JSON.stringify(r.body)).not.toContain('secret');
    }
  });

  it('gives the owner only the first failing case, and only on a problem with more than 3 cases', async () => {
    const r = await caseResult(waOn4, tok.alice);
    expect(casesWithData(r.body.data.judgeCaseList)).toEqual([3]);
    expect(r.body.data.judgeCaseList[2]).toMatchObject({
      inputData: 'secret input 3',
      outputData: 'secret answer 3',
      userOutput: 'user output 3',
    });
    const small = await caseResult(waOn3, tok.alice);
    expect(casesWithData(small.body.data.judgeCaseList)).toEqual([]);
  });

  it('gives super admins and problem admins every case with its data', async () => {
    for (const who of ['root', 'pa']) {
      const r = await caseResult(waOn4, tok[who]);
      expect(casesWithData(r.body.data.judgeCaseList), who).toEqual([1, 2, 3, 4]);
      expect(r.body.data.judgeCaseList[0].inputData).toBe('secret input 1');
    }
  });

  it('refuses a submission of a private problem to visitors and users (403), not to managers', async () => {
    await t.ctx.db.update(problems).set({ auth: ProblemAuth.PRIVATE }).where(eq(problems.problemId, 'T3'));
    try {
      expect((await caseResult(waOn3)).code).toBe(403);
      expect((await caseResult(waOn3, tok.bob)).code).toBe(403);
      expect((await caseResult(waOn3, tok.admin)).code).toBe(200);
    } finally {
      await t.ctx.db.update(problems).set({ auth: ProblemAuth.PUBLIC }).where(eq(problems.problemId, 'T3'));
    }
  });

  it('closes case results of a new problem by default: null for users, the list for managers', async () => {
    const created = await call(t.app, 'POST', '/api/admin/problem', {
      token: tok.root,
      payload: problemBody('NEW1'),
    });
    expect(created.code, JSON.stringify(created.body)).toBe(200);
    const admin = await call(t.app, 'GET', `/api/admin/problem?pid=${created.body.data.pid}`, {
      token: tok.root,
    });
    expect(admin.body.data.problem?.openCaseResult ?? admin.body.data.openCaseResult).toBe(false);
    await submitAs(t.app, tok.alice, 'NEW1');
    const id = await judgeWithData(t.app, t.ctx, WA, [CASES4[2], CASES4[0]]);
    expect((await caseResult(id, tok.alice)).body.data).toBeNull();
    expect((await caseResult(id, tok.bob)).body.data).toBeNull();
    expect((await caseResult(id, tok.root)).body.data.judgeCaseList).toHaveLength(2);
  });
});

describe('GET /api/get-submission-detail: code (finding 7)', () => {
  async function code(who: string) {
    const r = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${waOn4}`, { token: tok[who] });
    expect(r.code, who).toBe(200);
    return r.body.data.submission.code;
  }

  it('shows unshared code to its owner, super admins and problem admins, not to plain admins or others', async () => {
    expect(await code('alice')).toBe('int main(){}');
    expect(await code('root')).toBe('int main(){}');
    expect(await code('pa')).toBe('int main(){}');
    expect(await code('admin')).toBeNull();
    expect(await code('bob')).toBeNull();
  });
});
