import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type JudgeProblem, JudgeStatus, type JudgeTask } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/pipeline/index.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import { baseProblem, FIXTURES, getTestcase } from './harness.js';

let workRoot = '';

beforeAll(async () => {
  workRoot = await mkdtemp(`${(await sandboxRuntime()).workRoot}/test-run-`);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const SUM = `#include <cstdio>
int main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::fprintf(stderr, "debug a=%lld\\n", a); std::printf("%lld\\n", a + b); }`;

let jobId = 5000;

function testTask(
  code: string,
  userInput: string,
  expectedOutput: string | null,
  problem: Partial<JudgeProblem> = {},
) {
  const task: JudgeTask = {
    jobId: jobId++,
    kind: 'test',
    submitId: null,
    testKey: `key-${jobId}`,
    version: 0,
    language: 'C++',
    code,
    problem: baseProblem({ timeLimitMs: 500, ...problem }),
    testcases: [],
    userInput,
    expectedOutput,
  };
  return judge(task, { getTestcase, workRoot, judgehostId: 'test-host' });
}

describe('test runs (kind test)', () => {
  it('runs once on the user input and shows output, stderr, time and memory', async () => {
    const r = await testTask(SUM, '2 40\n', null);
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.userOutput).toBe('42\n');
    expect(r.stderr).toBe('debug a=2\n');
    expect(r.memory).toBeGreaterThan(0);
    expect(r.cases).toEqual([]);
    expect(r.score).toBeNull();
  });
  it('is AC when the expected output matches (trailing blanks ignored) and WA when it does not', async () => {
    expect((await testTask(SUM, '1 1', '2  \n\n')).status).toBe(JudgeStatus.ACCEPTED);
    const wa = await testTask(SUM, '1 1', '3\n');
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.userOutput).toBe('2\n');
  });
  it('reports TLE, RE with the stderr, and CE with the compiler message', async () => {
    const tle = await testTask('int main() { volatile unsigned x = 0; for (;;) x = x + 1; }', '', null);
    expect(tle.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(tle.time).toBeGreaterThanOrEqual(500);
    const re = await testTask(
      '#include <cstdio>\n#include <cstdlib>\nint main() { std::fprintf(stderr, "about to fail\\n"); std::abort(); }',
      '',
      null,
    );
    expect(re.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(re.stderr).toContain('about to fail');
    const ce = await testTask('int main() { return x; }', '', null);
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.errorMessage).toContain('x');
  });
  it('runs the interactor of an interactive problem on the user input', async () => {
    const dir = join(FIXTURES, 'interactive-testlib');
    const problem: Partial<JudgeProblem> = {
      judgeMode: 'interactive',
      caseVersion: `test-run-${Date.now()}`,
      spj: { code: readFileSync(join(dir, 'interactor.cpp'), 'utf8'), language: 'C++', protocol: 'testlib' },
      judgeExtraFile: { 'testlib.h': readFileSync(join(FIXTURES, 'common', 'testlib.h'), 'utf8') },
    };
    const code = readFileSync(join(dir, 'submissions', 'ac', 'main.cpp'), 'utf8');
    const r = await testTask(code, '123456\n', null, problem);
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.userOutput).toMatch(/queries/);
  });
});
