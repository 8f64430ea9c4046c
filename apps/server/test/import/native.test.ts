import { asc, eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSolutions, problems, testcases } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, multipart, problemBody, type RoleTokens } from '../problem/fixtures.js';

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

const importZip = (zip: Uint8Array) => {
  const m = multipart('file', 'native.zip', zip);
  return call(t.app, {
    method: 'POST',
    url: '/api/file/import-problem',
    token: tok.admin,
    payload: m.payload,
    headers: m.headers,
  });
};
const IGNORED = [
  'id',
  'gmtCreate',
  'gmtModified',
  'caseVersion',
  'modifiedUser',
  'gid',
  'isGroup',
  'applyPublicProgress',
];
const snapshot = async (pid: number) => {
  const a = await call(t.app, { method: 'GET', url: `/api/admin/problem?pid=${pid}`, token: tok.admin });
  const d = { ...a.body.data } as Record<string, unknown>;
  for (const k of IGNORED) delete d[k];
  d.tags = (d.tags as { name: string }[]).map((x) => x.name).sort();
  d.codeTemplates = (d.codeTemplates as { language: string; code: string; status: boolean }[]).map((x) => [
    x.language,
    x.code,
    x.status,
  ]);
  const cs = await t.ctx.db
    .select()
    .from(testcases)
    .where(eq(testcases.pid, pid))
    .orderBy(asc(testcases.index));
  d.cases = cs.map((c) => [
    c.index,
    c.inputName,
    c.outputName,
    c.inputHash,
    c.outputHash,
    c.score,
    c.groupNum,
  ]);
  d.solutions = (await t.ctx.db.select().from(problemSolutions).where(eq(problemSolutions.pid, pid))).map(
    (s) => [s.language, s.code],
  );
  return d;
};

describe('native export / import', () => {
  it('round-trips every field: export, delete, import, compare', async () => {
    const body = problemBody(
      'NAT-1',
      {
        title: 'Native round trip',
        author: 'setter',
        type: 1,
        judgeCaseMode: 'subtask_average',
        timeLimit: 1500,
        memoryLimit: 300,
        stackLimit: 64,
        difficulty: 245,
        auth: 2,
        codeShare: false,
        judgeMode: 'spj',
        spjCode: '#include <cstdio>\nint main(){return 0;}',
        spjLanguage: 'C++',
        spjProtocol: 'testlib',
        userExtraFile: { 'lib.h': 'int helper();' },
        judgeExtraFile: { 'testlib.h': '// stub' },
        isRemoveEndBlank: false,
        tleRecheck: 'on',
        tleRecheckMargin: 7,
        openCaseResult: false,
        isFileIO: true,
        ioReadFileName: 'data.in',
        ioWriteFileName: 'data.out',
        hint: 'hint **md**',
        source: 'our set',
        examples: [
          { input: '1', output: '1.0' },
          { input: '2', output: '2.0' },
        ],
      },
      {
        samples: [
          { input: '1\n', output: '1.0\n', score: 30, groupNum: 1 },
          { input: '2\n', output: '2.0\n', score: 30, groupNum: 1 },
          { input: '3\n', output: '3.0\n', score: 40, groupNum: 2 },
        ],
        tags: [{ name: 'float' }, { name: 'io' }],
        languages: ['C', 'C++', 'Python3'],
        codeTemplates: [
          { language: 'C++', code: '// c++', status: true },
          { language: 'Python3', code: '# py', status: false },
        ],
      },
    );
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: body,
    });
    expect(c.code, JSON.stringify(c.body)).toBe(200);
    const pid = c.body.data.pid;
    await t.ctx.db.insert(problemSolutions).values({ pid, language: 'C++', code: 'int main(){}' });
    await t.ctx.db.update(problems).set({ isRemote: false }).where(eq(problems.id, pid));
    const before = await snapshot(pid);

    expect(
      (await call(t.app, { method: 'GET', url: `/api/file/export-problem?pid=${pid}`, token: tok.user }))
        .code,
    ).toBe(403);
    const ex = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pid}`,
      token: tok.problemAdmin,
    });
    expect(ex.code).toBe(200);
    expect(ex.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(ex.raw));
    expect(Object.keys(files).sort()).toEqual([
      'problem_NAT-1.json',
      'problem_NAT-1/1.in',
      'problem_NAT-1/1.out',
      'problem_NAT-1/2.in',
      'problem_NAT-1/2.out',
      'problem_NAT-1/3.in',
      'problem_NAT-1/3.out',
    ]);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, token: tok.admin })).code,
    ).toBe(200);
    const imp = await importZip(new Uint8Array(ex.raw));
    expect(imp.code, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body.data[0]).toMatchObject({
      imported: true,
      problemId: 'NAT-1',
      title: 'Native round trip',
    });
    const after = await snapshot(imp.body.data[0].pid);
    expect(after).toEqual(before);
    // Importing the same export again is refused: the id exists.
    const dup = await importZip(new Uint8Array(ex.raw));
    expect(dup.body.data[0]).toMatchObject({ imported: false, reason: 'problemId: NAT-1 already exists' });
  });
  it('refuses malformed native files with reasons', async () => {
    const json = (o: unknown) => strToU8(JSON.stringify(o));
    const base = {
      format: 1,
      problem: { problemId: 'N2', title: 'N2' },
      testcases: [
        {
          inputFile: '1.in',
          outputFile: '1.out',
          inputName: '1.in',
          outputName: '1.out',
          score: 0,
          groupNum: 1,
        },
      ],
    };
    const r = await importZip(
      zipSync({
        'problem_a.json': strToU8('{'),
        'problem_b.json': json({ ...base, format: 9 }),
        'problem_c.json': json(base),
        'problem_d.json': json({ ...base, problem: { problemId: 'N4', title: 'N4', timeLimit: 'x' } }),
      }),
    );
    expect(r.code).toBe(200);
    expect(r.body.data.map((x: { reason: string }) => x.reason)).toEqual([
      expect.stringContaining('problem_a.json is not valid JSON'),
      'problem_b.json: format: format must be 1',
      'problem_c/1.in is missing',
      expect.stringContaining('problem_d.json: problem.timeLimit'),
    ]);
  });
});
