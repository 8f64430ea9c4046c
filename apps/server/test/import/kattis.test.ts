import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, testcases } from '../../src/db/schema/index.js';
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

const K = `${PROBLEMS_DIR}/kattis`;
const importZip = (zip: Uint8Array, token: string | null = tok.admin) => {
  const m = multipart('file', 'pkg.zip', zip);
  return call(t.app, {
    method: 'POST',
    url: '/api/file/import-kattis-problem',
    token: token ?? undefined,
    payload: m.payload,
    headers: m.headers,
  });
};
const row = async (pid: number) => (await t.ctx.db.select().from(problems).where(eq(problems.id, pid)))[0];
const cases = (pid: number) =>
  t.ctx.db.select().from(testcases).where(eq(testcases.pid, pid)).orderBy(asc(testcases.index));

describe('POST /api/file/import-kattis-problem on the real packages', () => {
  it('needs an admin role', async () => {
    const zip = zipOf([[`${K}/hello`, 'hello']]);
    expect((await importZip(zip, null)).code).toBe(401);
    expect((await importZip(zip, tok.user)).code).toBe(403);
  });
  it('imports hello, different, guess and oddecho in one zip with faithful modes, limits and groups', async () => {
    const zip = zipOf(
      ['hello', 'different', 'guess', 'oddecho'].map((n) => [`${K}/${n}`, n] as [string, string]),
    );
    const r = await importZip(zip, tok.problemAdmin);
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const by = Object.fromEntries(r.body.data.map((x: { title: string }) => [x.title, x]));
    expect(r.body.data.map((x: { imported: boolean; reason?: string }) => [x.imported, x.reason])).toEqual([
      [true, undefined],
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);

    const hello = await row(by['Hello World!'].pid);
    expect(hello).toMatchObject({ memoryLimit: 512, timeLimit: 1000, judgeMode: 'default', type: 0 });
    expect(hello.problemId).toBe('hello');
    expect((await cases(hello.id)).map((c) => c.outputSize)).toEqual([13]);

    const diff = await row(by['A Different Problem'].pid);
    expect(diff).toMatchObject({
      judgeMode: 'spj',
      spjProtocol: 'kattis',
      spjLanguage: 'C++',
      memoryLimit: 2048,
    });
    expect(diff.spjCode).toContain('validate.h');
    expect(Object.keys(diff.judgeExtraFile ?? {})).toEqual(['validate.h']);
    expect(diff.examples).toHaveLength(1);
    expect((await cases(diff.id)).map((c) => c.inputName)).toEqual([
      'sample_1.in',
      'secret_01.in',
      'secret_02_extreme_cases.in',
    ]);

    const guess = await row(by['Guess the Number'].pid);
    expect(guess).toMatchObject({ judgeMode: 'interactive', spjProtocol: 'kattis', spjLanguage: 'C++' });
    expect(await cases(guess.id)).toHaveLength(10);

    const odd = await row(by['Odd Echo'].pid);
    expect(odd).toMatchObject({
      type: 1,
      judgeCaseMode: 'subtask_lowest',
      ioScore: 100,
      judgeMode: 'default',
      author: 'Johan Sannemo',
    });
    const oc = await cases(odd.id);
    expect(oc.filter((c) => c.groupNum === 1)).toHaveLength(3);
    expect(oc.filter((c) => c.groupNum === 2)).toHaveLength(13);
    expect(new Set(oc.map((c) => c.score))).toEqual(new Set([50]));
    // subtask2/1.in is a symlink to subtask1/1.in: same content, same blob.
    const s1 = oc.find((c) => c.inputName === 'secret_subtask1_1.in');
    const s2 = oc.find((c) => c.inputName === 'secret_subtask2_1.in');
    expect(s2?.inputHash).toBe(s1?.inputHash);
    expect(odd.description).toContain('ECHO');
  });
  it('refuses malformed packages with a reason and stores nothing of them', async () => {
    const before = (await t.ctx.db.select({ id: problems.id }).from(problems)).length;
    const r = await importZip(
      zipOf([], {
        'bad-yaml/problem.yaml': 'name: [unclosed',
        'bad-yaml/data/secret/1.in': '1',
        'no-validator/problem.yaml': 'name: Needs checker\nvalidation: custom\n',
        'no-validator/data/secret/1.in': '1',
        'no-validator/data/secret/1.ans': '1',
        'no-data/problem.yaml': 'name: Empty\n',
        'no-answer/problem.yaml': 'name: No answer\n',
        'no-answer/data/secret/1.in': '1',
        'huge/problem.yaml': 'name: Huge\nlimits:\n  memory: 999999\n',
        'huge/data/secret/1.in': '1',
        'huge/data/secret/1.ans': '1',
        'multi/problem.yaml': 'name: Multi\ntype: multi-pass\n',
      }),
    );
    expect(r.code).toBe(200);
    const reasons = Object.fromEntries(
      r.body.data.map((x: { title: string; imported: boolean; reason: string }) => [
        x.title,
        [x.imported, x.reason],
      ]),
    );
    expect(reasons['bad-yaml'][1]).toContain('problem.yaml is not valid YAML');
    expect(reasons['no-validator'][1]).toBe('the package asks for a custom output validator but ships none');
    expect(reasons['no-data'][1]).toBe('no test data: data/secret holds no *.in files');
    expect(reasons['no-answer'][1]).toBe('data/secret/1.ans is missing');
    expect(reasons.huge[1]).toContain('memory limit 999999 MB is outside');
    expect(reasons.multi[1]).toBe('problem type multi-pass is not supported');
    for (const v of Object.values(reasons)) expect((v as [boolean])[0]).toBe(false);
    expect((await t.ctx.db.select({ id: problems.id }).from(problems)).length).toBe(before);
    const noIn = await importZip(
      zipOf([], { 'p/problem.yaml': 'name: Escape\n', 'p/data/secret/1.ans': '1' }),
    );
    expect(noIn.body.data[0].reason).toBe('no test data: data/secret holds no *.in files');
    const link = (target: string): [Uint8Array, { os: number; attrs: number }] => [
      new TextEncoder().encode(target),
      { os: 3, attrs: (0o120777 << 16) >>> 0 },
    ];
    const { zipSync, strToU8 } = await import('fflate');
    const linked = await importZip(
      zipSync({
        'lnk/problem.yaml': strToU8('name: Linked\n'),
        'lnk/data/secret/a/1.in': strToU8('7\n'),
        'lnk/data/secret/a/1.ans': strToU8('7\n'),
        'lnk/data/secret/b/1.in': link('../a/1.in'),
        'lnk/data/secret/b/1.ans': link('../a/1.ans'),
      }),
    );
    expect(linked.body.data[0].imported).toBe(true);
    const lc = await cases(linked.body.data[0].pid);
    expect(lc.map((c) => c.inputSize)).toEqual([2, 2]);
    const outside = await importZip(
      zipSync({
        'out/problem.yaml': strToU8('name: Outside\n'),
        'out/data/secret/1.in': link('../../../../etc/passwd'),
        'out/data/secret/1.ans': strToU8('1'),
      }),
    );
    expect(outside.code).toBe(400);
    expect(outside.body.msg).toContain('points outside the package');
    const none = await importZip(zipOf([], { 'readme.md': 'hi' }));
    expect(none.code).toBe(400);
    expect(none.body.msg).toContain('no Kattis package');
  });
});
