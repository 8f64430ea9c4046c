import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus, type JudgeTask } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/pipeline/index.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import { baseProblem, FIXTURES, getTestcase } from './harness.js';

let workRoot = '';

beforeAll(async () => {
  workRoot = await mkdtemp(`${(await sandboxRuntime()).workRoot}/compile-check-`);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const CHECKER = readFileSync(join(FIXTURES, 'spj-testlib-h', 'checker.cpp'), 'utf8');
const TESTLIB = readFileSync(join(FIXTURES, 'common', 'testlib.h'), 'utf8');

let jobId = 7000;

/** A `compile` task as the server builds it: the code, its language and the extra files as judgeExtraFile. */
function compileTask(code: string, language: string, extra: Record<string, string> | null): JudgeTask {
  return {
    jobId: jobId++,
    kind: 'compile',
    submitId: null,
    testKey: `compile-${jobId}`,
    version: 0,
    language,
    code,
    problem: baseProblem({
      pid: 0,
      judgeMode: 'spj',
      spj: { code, language, protocol: 'testlib' },
      judgeExtraFile: extra,
    }),
    testcases: [],
    userInput: null,
    expectedOutput: null,
  };
}

const run = (task: JudgeTask) => judge(task, { getTestcase, workRoot, judgehostId: 'jh-compile' });

describe('compile check of checker code through the real sandbox', () => {
  it('a good testlib checker with testlib.h beside it compiles: Accepted, no message, nothing left behind', async () => {
    const r = await run(compileTask(CHECKER, 'C++', { 'testlib.h': TESTLIB }));
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.errorMessage).toBeNull();
    expect(r.cases).toEqual([]);
    expect(r).toMatchObject({ judgehostId: 'jh-compile', jobId: jobId - 1, version: 0 });
    // The task dir lives on the sandbox tmpfs and is gone; nothing of it is in the data dir.
    const tasks = join((await sandboxRuntime()).workRoot, 'tasks');
    expect((await readdir(tasks)).filter((name) => name.startsWith(`${jobId - 1}-`))).toEqual([]);
    expect((await readdir(workRoot)).filter((name) => name !== 'checkers')).toEqual([]);
  }, 120_000);

  it('a broken checker is a Compile Error carrying the compiler message', async () => {
    const broken = CHECKER.replace('long long want', 'long long want =');
    const r = await run(compileTask(broken, 'C++', { 'testlib.h': TESTLIB }));
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/error/);
  }, 120_000);

  it('the same checker without testlib.h fails to compile (the extra files are what it is built with)', async () => {
    const r = await run(compileTask(CHECKER, 'C++', null));
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(r.errorMessage).toContain('testlib.h');
  }, 120_000);

  it('a language this judgehost lacks is a System Error naming it', async () => {
    const r = await run(compileTask(CHECKER, 'Fortran', null));
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toContain('Fortran');
  });
});
