import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, problemBody, type RoleTokens } from './fixtures.js';

let t: TestApp;
let tok: RoleTokens;

beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

const caseVersion = async (pid: number) =>
  (await t.ctx.db.select({ v: problems.caseVersion }).from(problems).where(eq(problems.id, pid)))[0].v;

describe('admin problem permissions', () => {
  it('anonymous 401, user 403, problem admin / admin / root allowed on every admin route', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/problem/get-problem-list' },
      { method: 'GET' as const, url: '/api/admin/problem?pid=1' },
      { method: 'POST' as const, url: '/api/admin/problem', payload: problemBody('X1') },
      { method: 'PUT' as const, url: '/api/admin/problem', payload: problemBody('X1') },
      { method: 'DELETE' as const, url: '/api/admin/problem?pid=1' },
      { method: 'PUT' as const, url: '/api/admin/problem/change-problem-auth', payload: { pid: 1, auth: 2 } },
      { method: 'GET' as const, url: '/api/admin/problem/get-problem-cases?pid=1' },
      { method: 'GET' as const, url: '/api/file/download-testcase?pid=1' },
    ];
    for (const r of routes) {
      expect((await call(t.app, r)).code, `${r.method} ${r.url}`).toBe(401);
      expect((await call(t.app, { ...r, token: tok.user })).code, `${r.method} ${r.url}`).toBe(403);
    }
    let n = 0;
    for (const role of ['problemAdmin', 'admin', 'root'] as const) {
      n += 1;
      const created = await call(t.app, {
        method: 'POST',
        url: '/api/admin/problem',
        token: tok[role],
        payload: problemBody(`R${n}`),
      });
      expect(created.code, role).toBe(200);
      const pid = created.body.data.pid;
      for (const r of [
        { method: 'GET' as const, url: `/api/admin/problem?pid=${pid}` },
        { method: 'GET' as const, url: `/api/admin/problem/get-problem-cases?pid=${pid}` },
        { method: 'GET' as const, url: '/api/admin/problem/get-problem-list' },
        { method: 'PUT' as const, url: '/api/admin/problem/change-problem-auth', payload: { pid, auth: 2 } },
        { method: 'GET' as const, url: `/api/file/download-testcase?pid=${pid}` },
        { method: 'DELETE' as const, url: `/api/admin/problem?pid=${pid}` },
      ]) {
        expect((await call(t.app, { ...r, token: tok[role] })).code, `${role} ${r.method} ${r.url}`).toBe(
          200,
        );
      }
    }
  });
});

describe('admin problem validation (doc 3 §5)', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['problemId required', { problemId: '' }, {}, 'problem.problemId is required'],
    ['problemId characters', { problemId: 'a b' }, {}, 'problem.problemId may only contain'],
    ['title required', { title: '  ' }, {}, 'problem.title is required'],
    ['input description required', { input: '' }, {}, 'problem.input (input description) is required'],
    ['output description required', { output: '' }, {}, 'problem.output (output description) is required'],
    [
      'time limit range',
      { timeLimit: 30001 },
      {},
      'problem.timeLimit (ms) must be an integer from 1 to 30000',
    ],
    ['time limit positive', { timeLimit: 0 }, {}, 'problem.timeLimit (ms)'],
    [
      'memory limit range',
      { memoryLimit: 5000 },
      {},
      'problem.memoryLimit (MB) must be an integer from 1 to 4096',
    ],
    ['stack limit range', { stackLimit: 0 }, {}, 'problem.stackLimit (MB)'],
    [
      'at most 2 examples',
      { examples: [{ input: '1' }, { input: '2' }, { input: '3' }] },
      {},
      'at most 2 examples',
    ],
    [
      'file IO needs the input name',
      { isFileIO: true, ioWriteFileName: 'a.out' },
      {},
      'problem.ioReadFileName',
    ],
    [
      'file IO needs the output name',
      { isFileIO: true, ioReadFileName: 'a.in' },
      {},
      'problem.ioWriteFileName',
    ],
    [
      'file IO names are plain',
      { isFileIO: true, ioReadFileName: '../x', ioWriteFileName: 'b' },
      {},
      'plain file name',
    ],
    ['difficulty code', { difficulty: 7 }, {}, 'problem.difficulty must be one of'],
    ['auth code', { auth: 9 }, {}, 'problem.auth must be'],
    ['judge case mode', { judgeCaseMode: 'best' }, {}, 'problem.judgeCaseMode must be one of'],
    [
      'spj code required',
      { judgeMode: 'spj', spjLanguage: 'C++' },
      {},
      'problem.spjCode (special judge code) is required',
    ],
    [
      'interactive language required',
      { judgeMode: 'interactive', spjCode: 'int main(){}' },
      {},
      'problem.spjLanguage (interactive judge language) is required',
    ],
    [
      'OI score integer >= 0',
      { type: 1 },
      { samples: [{ input: '1', output: '1', score: -5 }] },
      'samples[0].score must be an integer of at least 0',
    ],
    [
      'OI score not fractional',
      { type: 1 },
      { samples: [{ input: '1', output: '1', score: 2.5 }] },
      'samples[0].score',
    ],
    [
      'OI score required',
      { type: 1 },
      { samples: [{ input: '1', output: '1' }] },
      'samples[0].score is required for OI problems',
    ],
    [
      'group number in subtask mode',
      { type: 1, judgeCaseMode: 'subtask_lowest' },
      { samples: [{ input: '1', output: '1', score: 10 }] },
      'samples[0].groupNum is required in subtask modes',
    ],
    ['at least one case', {}, { samples: [] }, 'samples: at least one test case is required'],
    [
      'case needs input or output',
      {},
      { samples: [{ input: '', output: '' }] },
      'samples[0] needs an input or an output',
    ],
    [
      'upload needs a zip',
      {},
      { isUploadTestCase: true },
      'uploadTestcaseDir: please upload the test case zip first',
    ],
    [
      'upload dir token',
      {},
      {
        isUploadTestCase: true,
        uploadTestcaseDir: '../../etc',
        samples: [{ input: 'a.in', output: 'a.out' }],
      },
      'uploadTestcaseDir: not a test case upload',
    ],
    ['at least one language', {}, { languages: [] }, 'languages: choose at least one language'],
    ['unknown language', {}, { languages: ['Brainfuck'] }, 'languages: unknown language Brainfuck'],
    [
      'enabled template not empty',
      {},
      { codeTemplates: [{ language: 'C++', code: ' ', status: true }] },
      'an enabled code template can not be empty',
    ],
    ['duplicate tag', {}, { tags: [{ name: 'dp' }, { name: 'DP' }] }, 'tags: duplicate tag'],
    ['unknown tag id', {}, { tags: [{ id: 999999 }] }, 'tags: no tag has id 999999'],
    ['extra file name', { userExtraFile: { '../a.h': 'x' } }, {}, 'problem.userExtraFile'],
  ];
  for (const [name, over, top, msg] of cases) {
    it(`400: ${name}`, async () => {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/admin/problem',
        token: tok.admin,
        payload: problemBody('V1', over, top),
      });
      expect(r.code, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toContain(msg);
    });
  }
  it('400: wrong types name the field; duplicate problemId is refused case-insensitively', async () => {
    const typed = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('V2', { timeLimit: 'fast' }),
    });
    expect(typed.code).toBe(400);
    expect(typed.body.msg).toContain('timeLimit');
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/problem',
          token: tok.admin,
          payload: problemBody('Dup1'),
        })
      ).code,
    ).toBe(200);
    const dup = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('dup1'),
    });
    expect(dup.code).toBe(400);
    expect(dup.body.msg).toContain('already exists');
  });
});

describe('admin problem create / update / read', () => {
  it('creates with defaults, new and existing tags, OI score sum; edit bumps case_version only for judging changes', async () => {
    const tag = await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag',
      token: tok.admin,
      payload: { name: 'graphs' },
    });
    const body = problemBody(
      'OI1',
      {
        type: 1,
        judgeCaseMode: 'subtask_lowest',
        timeLimit: undefined,
        memoryLimit: undefined,
        isFileIO: true,
        ioReadFileName: 'in.txt',
        ioWriteFileName: 'out.txt',
      },
      {
        samples: [
          { input: '1', output: '1', score: 10, groupNum: 1 },
          { input: '2', output: '2', score: 20, groupNum: 1 },
          { input: '3', output: '3', score: 30, groupNum: 2 },
        ],
        tags: [{ id: tag.body.data.id }, { name: 'brand-new' }],
      },
    );
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.problemAdmin,
      payload: body,
    });
    expect(c.code, JSON.stringify(c.body)).toBe(200);
    const pid = c.body.data.pid;
    const g = await call(t.app, {
      method: 'GET',
      url: `/api/admin/problem?pid=${pid}`,
      token: tok.problemAdmin,
    });
    expect(g.body.data).toMatchObject({
      problemId: 'OI1',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      ioScore: 40,
      isFileIO: true,
      ioReadFileName: 'in.txt',
      modifiedUser: 'pa',
    });
    expect(g.body.data.tags.map((x: { name: string }) => x.name).sort()).toEqual(['brand-new', 'graphs']);
    const cases = await call(t.app, {
      method: 'GET',
      url: `/api/admin/problem/get-problem-cases?pid=${pid}`,
      token: tok.problemAdmin,
    });
    expect(
      cases.body.data.map((x: { input: string; score: number; groupNum: number }) => [
        x.input,
        x.score,
        x.groupNum,
      ]),
    ).toEqual([
      ['1', 10, 1],
      ['2', 20, 1],
      ['3', 30, 2],
    ]);

    const v0 = await caseVersion(pid);
    const cosmetic = { ...body, problem: { ...body.problem, id: pid, title: 'New title', hint: 'think' } };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/admin/problem', token: tok.admin, payload: cosmetic }))
        .code,
    ).toBe(200);
    expect(await caseVersion(pid)).toBe(v0);
    const limits = { ...cosmetic, problem: { ...cosmetic.problem, timeLimit: 2000 } };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/admin/problem', token: tok.admin, payload: limits }))
        .code,
    ).toBe(200);
    const v1 = await caseVersion(pid);
    expect(v1).not.toBe(v0);
    const data = { ...limits, samples: [{ input: '9', output: '9', score: 100, groupNum: 1 }] };
    const up = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: data,
    });
    expect(up.code, JSON.stringify(up.body)).toBe(200);
    const v2 = await caseVersion(pid);
    expect(v2).not.toBe(v1);
    const after = await call(t.app, {
      method: 'GET',
      url: `/api/admin/problem?pid=${pid}`,
      token: tok.admin,
    });
    expect(after.body.data).toMatchObject({
      title: 'New title',
      timeLimit: 2000,
      ioScore: 100,
      modifiedUser: 'adm',
    });
    const checker = {
      ...data,
      problem: { ...data.problem, judgeMode: 'spj', spjCode: 'int main(){return 0;}', spjLanguage: 'C++' },
    };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/admin/problem', token: tok.admin, payload: checker }))
        .code,
    ).toBe(200);
    expect(await caseVersion(pid)).not.toBe(v2);
  });
  it('PUT needs problem.id, refuses a taken problemId and 404s an unknown pid', async () => {
    const a = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('U1'),
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('U2'),
    });
    const noId = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('U1'),
    });
    expect(noId.code).toBe(400);
    expect(noId.body.msg).toContain('problem.id');
    const taken = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('u2', { id: a.body.data.pid }),
    });
    expect(taken.code).toBe(400);
    expect(taken.body.msg).toContain('already exists');
    const missing = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('U9', { id: 987654 }),
    });
    expect(missing.code).toBe(404);
  });
  it('admin list filters by keyword and auth; change-problem-auth validates; delete removes', async () => {
    const a = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody('L1', { title: 'Listed one' }),
    });
    const pid = a.body.data.pid;
    const ch = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem/change-problem-auth',
      token: tok.admin,
      payload: { pid, auth: 2 },
    });
    expect(ch.code).toBe(200);
    const bad = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem/change-problem-auth',
      token: tok.admin,
      payload: { pid, auth: 5 },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('auth must be');
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/admin/problem/get-problem-list?keyword=listed&auth=2',
      token: tok.admin,
    });
    expect(list.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['L1']);
    const pub = await call(t.app, { method: 'GET', url: '/api/get-problem-list?keyword=listed' });
    expect(pub.body.data.total).toBe(0);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, token: tok.admin })).code,
    ).toBe(200);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/admin/problem?pid=${pid}`, token: tok.admin })).code,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, token: tok.admin })).code,
    ).toBe(404);
    const noPid = await call(t.app, { method: 'DELETE', url: '/api/admin/problem', token: tok.admin });
    expect(noPid.code).toBe(400);
    expect(noPid.body.msg).toContain('pid');
  });
});
