import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, testcases } from '../../src/db/schema/index.js';
import { parseHydroStatement } from '../../src/modules/file/hydro/hydro.statement.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, multipart, type RoleTokens } from '../problem/fixtures.js';
import { PROBLEMS_DIR, zipOf } from './zip-dir.js';

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
});
afterAll(async () => {
  await t.close();
});

const H = `${PROBLEMS_DIR}/hydro`;
const post = (url: string, zip: Uint8Array, token: string | null = tok.admin) => {
  const m = multipart('file', 'pkg.zip', zip);
  return call(t.app, {
    method: 'POST',
    url,
    token: token ?? undefined,
    payload: m.payload,
    headers: m.headers,
  });
};
const row = async (pid: number) => (await t.ctx.db.select().from(problems).where(eq(problems.id, pid)))[0];
const cases = (pid: number) =>
  t.ctx.db.select().from(testcases).where(eq(testcases.pid, pid)).orderBy(asc(testcases.index));
const count = async () => (await t.ctx.db.select({ id: problems.id }).from(problems)).length;

describe('POST /api/file/import-hydro-problem on the real Hydro files', () => {
  it('needs an admin role; a testdata-only folder (no problem.yaml) is refused', async () => {
    const raw = zipOf([[`${H}/hydro-examples-testdata/A+B Problem`, 'A+B Problem']]);
    expect((await post('/api/file/import-hydro-problem', raw, null)).code).toBe(401);
    expect((await post('/api/file/import-hydro-problem', raw, tok.user)).code).toBe(403);
    const r = await post('/api/file/import-hydro-problem', raw);
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('file: no Hydro problem (problem.yaml) found in the zip');
  });
  it('imports A+B (cases detected from names) and the testlib special judge; refuses the metadata-only packages', async () => {
    const zip = zipOf(
      [
        [`${H}/hydro-examples-testdata/A+B Problem`, 'aplusb/testdata'],
        [`${H}/hydro-examples-testdata/Special Judge`, 'spj/testdata'],
        [`${H}/_metadata-only/tedukuri-1`, 'tedukuri-1'],
        [`${H}/_metadata-only/tedukuri-152`, 'tedukuri-152'],
      ],
      {
        'aplusb/problem.yaml': 'pid: HA1\ntitle: A+B Problem\ntag: [basic]\n',
        'aplusb/problem.md':
          '## Description\nAdd.\n\n## Input\nTwo ints.\n\n## Output\nSum.\n\n```input1\n1 2\n```\n\n```output1\n3\n```\n',
        'spj/problem.yaml': 'pid: HS1\ntitle: Float compare\n',
        'spj/problem_en.md': 'Print a number.',
      },
    );
    const r = await post('/api/file/import-hydro-problem', zip, tok.problemAdmin);
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const res = Object.fromEntries(r.body.data.map((x: { title: string }) => [x.title, x]));
    expect(res['A+B Problem']).toMatchObject({ imported: true, problemId: 'HA1' });
    const ab = await row(res['A+B Problem'].pid);
    expect(ab).toMatchObject({
      timeLimit: 1000,
      memoryLimit: 256,
      judgeMode: 'default',
      input: 'Two ints.',
      output: 'Sum.',
    });
    expect(ab.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect((await cases(ab.id)).map((c) => [c.inputName, c.outputName])).toEqual([
      ['aplusb1.in', 'aplusb1.out'],
    ]);
    const spj = await row(res['Float compare'].pid);
    expect(spj).toMatchObject({ judgeMode: 'spj', spjProtocol: 'testlib', spjLanguage: 'C++' });
    expect(spj.spjCode).toBe(fs.readFileSync(`${H}/hydro-examples-testdata/Special Judge/chk.cc`, 'utf8'));
    expect(res['a^b']).toMatchObject({ imported: false, pid: null });
    const refused = r.body.data.filter((x: { imported: boolean }) => !x.imported);
    // Listed by their problem.yaml titles, not their folders (issue 25 cosmetic).
    expect(refused.map((x: { title: string; reason: string }) => [x.title, x.reason])).toEqual([
      ['a^b', 'no test data: testdata/ holds no *.in files and config.yaml lists no cases'],
      ['Parity Game', 'testdata/PARITY.I1 is missing'],
    ]);
  });
  it('imports tedukuri-152 once its data files exist: sum subtask -> OI, 10 points a case, 256MB', async () => {
    const extra: Record<string, string> = {};
    for (let i = 1; i <= 10; i++) {
      extra[`p152/testdata/PARITY.I${i}`] = `${i}\n`;
      extra[`p152/testdata/PARITY.O${i}`] = `${i}\n`;
    }
    const r = await post(
      '/api/file/import-hydro-problem',
      zipOf([[`${H}/_metadata-only/tedukuri-152`, 'p152']], extra),
    );
    expect(r.body.data[0]).toMatchObject({ imported: true, problemId: 'P152', title: 'Parity Game' });
    const p = await row(r.body.data[0].pid);
    expect(p).toMatchObject({
      type: 1,
      ioScore: 100,
      memoryLimit: 256,
      timeLimit: 1000,
      judgeCaseMode: 'default',
    });
    expect((await cases(p.id)).map((c) => c.score)).toEqual(Array(10).fill(10));
    const again = await post(
      '/api/file/import-hydro-problem',
      zipOf([[`${H}/_metadata-only/tedukuri-152`, 'p152']], extra),
    );
    expect(again.body.data[0]).toMatchObject({ imported: false, reason: 'problemId: P152 already exists' });
  });
  it('parses the real problem_zh.md: samples from ```input1/```output1 and Chinese section headings', () => {
    const st = parseHydroStatement(fs.readFileSync(`${H}/_metadata-only/tedukuri-1/problem_zh.md`, 'utf8'));
    expect(st.examples).toEqual([{ input: '3 2 7', output: '2' }]);
    expect(st.input).toContain('三个整数');
    expect(st.output).toContain('a^b mod p');
    expect(st.description).toContain('求');
  });
  it('refuses bad configs with reasons: unit, checker type, interactive without interactor, bad YAML', async () => {
    const before = await count();
    const pkg = (name: string, cfg: string) => ({
      [`${name}/problem.yaml`]: `title: ${name}\n`,
      [`${name}/testdata/config.yaml`]: cfg,
      [`${name}/testdata/1.in`]: '1',
      [`${name}/testdata/1.out`]: '1',
    });
    const r = await post(
      '/api/file/import-hydro-problem',
      zipOf([], {
        ...pkg('t1', 'time: fast\n'),
        ...pkg('t2', 'memory: 99999m\n'),
        ...pkg('t3', 'checker_type: lemon\nchecker: c.cpp\n'),
        ...pkg('t4', 'type: interactive\n'),
        ...pkg('t5', 'time: [1\n'),
        ...pkg('t6', 'type: objective\n'),
      }),
    );
    expect(r.body.data.map((x: { reason: string }) => x.reason)).toEqual([
      'testdata/config.yaml: time "fast" is not a duration',
      'memory limit 99999 MB is outside 1..4096 MB',
      'testdata/config.yaml: checker_type lemon is not supported (default, strict, testlib, hustoj)',
      'testdata/config.yaml: interactor file is not named',
      expect.stringContaining('testdata/config.yaml is not valid YAML'),
      'testdata/config.yaml: problem type objective is not supported (default or interactive)',
    ]);
    expect(await count()).toBe(before);
  });
});

const qd = (over: Record<string, unknown>) =>
  JSON.stringify({
    display_id: 'Q1',
    title: 'QDUOJ A+B',
    description: { format: 'html', value: '<p>Add</p>' },
    input_description: { format: 'html', value: 'two ints' },
    output_description: { format: 'html', value: 'sum' },
    hint: { format: 'html', value: '' },
    time_limit: 2000,
    memory_limit: 128,
    rule_type: 'ACM',
    samples: [{ input: '1 2', output: '3' }],
    test_case_score: [
      { input_name: '1.in', output_name: '1.out', score: 0 },
      { input_name: '2.in', output_name: '2.out', score: 0 },
    ],
    tags: ['qd-tag'],
    spj: null,
    template: { 'C++': { prepend: '#include <cstdio>', template: 'int main(){}', append: '' } },
    source: 'QDU',
    answers: [{ language: 'C++', code: 'int main(){}' }],
    ...over,
  });

describe('POST /api/file/import-qdoj-problem (zips built here)', () => {
  it('imports ACM, OI and SPJ problems, refuses malformed ones with reasons and keeps nothing of them', async () => {
    const before = await count();
    const zip = zipSync({
      '1/problem.json': strToU8(qd({})),
      '1/testcase/1.in': strToU8('1 2\n'),
      '1/testcase/1.out': strToU8('3\n'),
      '1/testcase/2.in': strToU8('5 5\n'),
      '1/testcase/2.out': strToU8('10\n'),
      '2/problem.json': strToU8(
        qd({
          display_id: 'Q2',
          title: 'OI one',
          rule_type: 'OI',
          test_case_score: [
            { input_name: '1.in', output_name: '1.out', score: 40 },
            { input_name: '2.in', output_name: '2.out', score: 60 },
          ],
        }),
      ),
      '2/testcase/1.in': strToU8('1'),
      '2/testcase/1.out': strToU8('1'),
      '2/testcase/2.in': strToU8('2'),
      '2/testcase/2.out': strToU8('2'),
      '3/problem.json': strToU8(
        qd({
          display_id: 'Q3',
          title: 'Special',
          spj: { language: 'C', code: 'int main(){return 0;}' },
          test_case_score: null,
        }),
      ),
      '3/testcase/1.in': strToU8('1'),
      '3/testcase/2.in': strToU8('2'),
      '4/problem.json': strToU8('{ not json'),
      '5/problem.json': strToU8(qd({ display_id: 'Q5', time_limit: 'slow' })),
      '6/problem.json': strToU8(qd({ display_id: 'Q6' })),
      '6/testcase/1.in': strToU8('1'),
      '7/problem.json': strToU8(qd({ display_id: 'Q7', memory_limit: 100000 })),
      '8/problem.json': strToU8(
        qd({ display_id: 'Q8', spj: { language: 'Pascal', code: 'x' }, test_case_score: null }),
      ),
      '8/testcase/1.in': strToU8('1'),
    });
    expect((await post('/api/file/import-qdoj-problem', zip, tok.user)).code).toBe(403);
    const r = await post('/api/file/import-qdoj-problem', zip, tok.root);
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data as { title: string; imported: boolean; reason?: string; pid: number }[];
    expect(d.map((x) => x.imported)).toEqual([true, true, true, false, false, false, false, false]);
    expect(d[3].reason).toContain('problem.json is not valid JSON');
    expect(d[4].reason).toContain('time_limit');
    expect(d[5].reason).toBe('testcase/1.out is missing');
    expect(d[6].reason).toBe('memory limit 100000 MB is outside 1..4096 MB');
    expect(d[7].reason).toBe('special judge language Pascal is not supported');
    expect(await count()).toBe(before + 3);

    const acm = await row(d[0].pid);
    expect(acm).toMatchObject({
      problemId: 'Q1',
      timeLimit: 2000,
      memoryLimit: 128,
      type: 0,
      judgeMode: 'default',
      source: 'QDU',
      description: '<p>Add</p>',
    });
    const detail = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=Q1' });
    expect(detail.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['qd-tag']);
    expect(detail.body.data.codeTemplate['C++']).toBe('#include <cstdio>\nint main(){}');
    const oi = await row(d[1].pid);
    expect(oi).toMatchObject({ type: 1, ioScore: 100 });
    expect((await cases(oi.id)).map((c) => c.score)).toEqual([40, 60]);
    const spj = await row(d[2].pid);
    expect(spj).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C', spjCode: 'int main(){return 0;}' });
    expect((await cases(spj.id)).map((c) => [c.inputName, c.outputSize])).toEqual([
      ['1.in', 0],
      ['2.in', 0],
    ]);
  });
});
