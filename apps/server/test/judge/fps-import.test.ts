import { readFileSync } from 'node:fs';
import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeTemplates, problemSolutions, problems, testcases } from '../../src/db/schema/index.js';
import { parseMemoryLimitMb, parseTimeLimitMs } from '../../src/modules/file/fps/fps.parse.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { PROBLEMS_DIR } from '../paths.js';
import { userWithRole } from './judge-helpers.js';
import { multipart } from './live.js';

const FPS = `${PROBLEMS_DIR}/fps`;
const FILES = {
  ab: `${FPS}/zhblue-A+B/fps-zhblue-A+B.xml`,
  sample: `${FPS}/fpsparser-sample/fps.xml`,
  multi: `${FPS}/fpsparser-multi/multi.xml`,
  liuqian: `${FPS}/liuqian2025/fps-刘谦2025.xml`,
  perf: `${FPS}/performance-test/PerformanceTest.xml`,
  ybt: `${FPS}/ybt-1.1-examples/fps-zhblue-一本通 1.1 例题.xml`,
  sql: `${FPS}/zhblue-SQL/fps-zhblue-SQL.xml`,
};

interface Item {
  file: string;
  title: string;
  pid: number | null;
  problemId: string | null;
  imported: boolean;
  reason?: string;
  notes?: string[];
}

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
}, 120_000);
afterAll(async () => t.close());

async function upload(name: string, data: Buffer, token = root) {
  const body = multipart('file', name, data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/import-fps-problem',
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
  return { code: res.statusCode, items: res.json().data as Item[], msg: res.json().msg as string };
}
const importFile = (path: string) => upload(path.split('/').pop() as string, readFileSync(path));

describe('FPS import of the real files', () => {
  it('A+B: limits, samples, named and unnamed test cases, solutions, templates', async () => {
    const { items } = await importFile(FILES.ab);
    expect(items).toMatchObject([{ title: 'A+B Problem', imported: true }]);
    expect(items[0].problemId).toMatch(/^P\d{4,}$/);
    const [p] = await t.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.id, items[0].pid as number));
    expect(p).toMatchObject({ timeLimit: 1000, memoryLimit: 256, judgeMode: 'default', author: 'root' });
    expect(p.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(p.description).toContain('Calculate a+b');
    const cases = await t.ctx.db.select().from(testcases).where(eq(testcases.pid, p.id));
    expect(cases.map((c) => c.inputName)).toEqual(['test_01.in', '2.in', '3.in']);
    const sols = await t.ctx.db.select().from(problemSolutions).where(eq(problemSolutions.pid, p.id));
    expect(sols.map((s) => s.language)).toEqual(expect.arrayContaining(['C', 'C++', 'Java', 'Pascal']));
    const tpls = await t.ctx.db.select().from(codeTemplates).where(eq(codeTemplates.pid, p.id));
    expect(tpls.length).toBeGreaterThanOrEqual(3);
    expect(items[0].notes?.join(' ')).toMatch(/unknown languages.*Obj-C/);
  });

  it('the fpsparser sample is refused: its special judge is not a program', async () => {
    const { items } = await importFile(FILES.sample);
    expect(items).toMatchObject([{ imported: false, reason: expect.stringMatching(/spj/) }]);
    expect(items[0].pid).toBeNull();
  });

  it('multi.xml imports its 4 problems (its embedded image stored: no note)', async () => {
    const { items } = await importFile(FILES.multi);
    expect(items.map((i) => i.reason ?? i.imported)).toEqual([true, true, true, true]);
    expect(items[3].notes).toBeUndefined();
    const ids = items.map((i) => i.problemId);
    expect(new Set(ids).size).toBe(4);
  });

  it('liuqian2025 and PerformanceTest import one problem each', async () => {
    expect((await importFile(FILES.liuqian)).items.map((i) => i.imported)).toEqual([true]);
    const perf = await importFile(FILES.perf);
    expect(perf.items.map((i) => i.imported)).toEqual([true]);
    const sols = await t.ctx.db
      .select()
      .from(problemSolutions)
      .where(eq(problemSolutions.pid, perf.items[0].pid as number));
    expect(sols.length).toBe(114);
  });

  it('ybt 1.1 examples: 4 imported (one with a HUSTOJ special judge), the unpaired one refused', async () => {
    const { items } = await importFile(FILES.ybt);
    expect(items.map((i) => i.imported)).toEqual([true, false, true, true, true]);
    expect(items[1].reason).toMatch(/14 <test_input> but 12 <test_output>/);
    const [spj] = await t.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.id, items[3].pid as number));
    expect(spj).toMatchObject({
      judgeMode: 'spj',
      spjProtocol: 'hustoj',
      spjLanguage: 'C++',
      memoryLimit: 512,
    });
  });

  it('SQL problems are refused with a reason', async () => {
    const { items } = await importFile(FILES.sql);
    expect(items).toHaveLength(4);
    for (const i of items) expect(i).toMatchObject({ imported: false, reason: expect.stringMatching(/SQL/) });
  });

  it('a zip of several files imports them all; refusals do not stop the others', async () => {
    const zip = Buffer.from(
      zipSync({
        'a/ab.xml': readFileSync(FILES.ab),
        'b/sample.xml': readFileSync(FILES.sample),
        'readme.txt': Buffer.from('x'),
      }),
    );
    const { items, msg } = await upload('pack.zip', zip);
    expect(items.map((i) => [i.file, i.imported])).toEqual([
      ['a/ab.xml', true],
      ['b/sample.xml', false],
    ]);
    expect(msg).toBe('Imported 1 of 2 problem(s)');
  });

  it('broken XML is refused with the parse error, not a crash; non-admins get 403', async () => {
    const { code, items } = await upload('bad.xml', Buffer.from('<fps><item><title>x</title></fps>'));
    expect(code).toBe(200);
    expect(items[0]).toMatchObject({ imported: false, reason: expect.stringMatching(/well-formed/) });
    expect((await upload('x.bin', Buffer.from([0, 1, 2]))).code).toBe(400);
    const user = await userWithRole(t.app, t.ctx, 'plainuser', Role.USER);
    expect((await upload('ab.xml', readFileSync(FILES.ab), user)).code).toBe(403);
  });

  it('reads limits with units (s, ms, mb, kb; none = s and MB)', () => {
    expect(parseTimeLimitMs({ '#text': '1.5', '@_unit': 's' })).toBe(1500);
    expect(parseTimeLimitMs({ '#text': '250', '@_unit': 'ms' })).toBe(250);
    expect(parseTimeLimitMs('2')).toBe(2000);
    expect(parseTimeLimitMs('abc')).toBeNull();
    expect(parseMemoryLimitMb({ '#text': '65536', '@_unit': 'kb' })).toBe(64);
    expect(parseMemoryLimitMb('128')).toBe(128);
    expect(parseMemoryLimitMb('-1')).toBeNull();
  });
});
