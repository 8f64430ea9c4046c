import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLanguage } from '../../src/languages/index.js';
import { judge } from '../../src/pipeline/index.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import { code, getTestcase, loadFixture } from './harness.js';

// Every folder under test/fixtures with a problem.json, judged through the real sandbox and compilers.
const PROBLEMS = [
  'aplusb',
  'spj-testlib',
  'spj-testlib-h',
  'spj-hustoj',
  'spj-kattis',
  'spj-broken',
  'interactive-testlib',
  'interactive-kattis',
  'fileio',
  'oi-subtasks',
];

let workRoot = '';

beforeAll(async () => {
  const runtime = await sandboxRuntime();
  workRoot = await mkdtemp(`${runtime.workRoot}/pipeline-`);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

describe.each(PROBLEMS.map((p, i) => [p, i + 1] as const))('fixture %s', (problemDir, pid) => {
  const cases = loadFixture(problemDir, pid);
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, { task, expect: want }) => {
    const statuses: number[] = [];
    const progress: [number, number, number][] = [];
    const result = await judge(task, {
      getTestcase,
      workRoot,
      judgehostId: 'test-host',
      onStatus: (s, judged, total) => {
        statuses.push(s);
        progress.push([s, judged, total]);
      },
    });
    const detail = JSON.stringify({
      ...result,
      cases: result.cases.map((c) => [c.index, c.status, c.message]),
    });
    expect(result.status, detail).toBe(code(want.status));
    expect(result.jobId).toBe(task.jobId);
    expect(result.judgehostId).toBe('test-host');
    expect(statuses[0]).toBe(6);
    // Progress: Compiling 0/n, then Judging k/n before each case run (issue 14).
    const n = task.testcases.length;
    const ran = result.cases.filter((c) => c.status !== code('CANCELLED')).length;
    if (result.status !== code('COMPILE_ERROR') && result.status !== code('SYSTEM_ERROR'))
      expect(progress.slice(0, 2)).toEqual([
        [6, 0, n],
        [7, 0, n],
      ]);
    expect(progress.filter(([s]) => s === 7).length).toBeLessThanOrEqual(Math.max(1, ran));
    for (const [, judged, total] of progress) {
      expect(total).toBe(n);
      expect(judged).toBeLessThan(Math.max(1, n));
    }
    if (want.cases)
      expect(
        result.cases.map((c) => c.status),
        detail,
      ).toEqual(want.cases.map(code));
    if (want.score !== undefined) expect(result.score, detail).toBe(want.score);
    if (want.oiRankScore !== undefined) expect(result.oiRankScore, detail).toBe(want.oiRankScore);
    if (want.minTime !== undefined) expect(result.time).toBeGreaterThanOrEqual(want.minTime);
    if (want.messageIncludes) {
      const failing = result.cases.find((c) => c.status === result.status);
      const text = `${result.errorMessage ?? ''}\n${failing?.message ?? ''}`;
      expect(text, detail).toContain(want.messageIncludes);
    }
    if (task.problem.type === 0) expect(result.score).toBeNull();
    // The memory shown never exceeds the limit unless the verdict says why (issue 14 defect 6).
    const memoryLimitKb = task.problem.memoryLimitMb * 1024 * (getLanguage(task.language)?.factor ?? 1);
    for (const c of result.cases) {
      if (c.status !== code('MEMORY_LIMIT_EXCEEDED') && c.status !== code('SYSTEM_ERROR'))
        expect(c.memory ?? 0, detail).toBeLessThanOrEqual(memoryLimitKb);
    }
    for (const c of result.cases) {
      if (c.status === code('CANCELLED')) continue;
      expect(c.inputData, 'input preview').not.toBeNull();
      expect(c.outputData, 'expected output preview').not.toBeNull();
      expect(c.userOutput, 'user output preview').not.toBeNull();
    }
    // The task's work dir is gone; only the checker cache may stay.
    expect((await readdir(workRoot)).filter((d) => d !== 'checkers' && d !== 'tasks')).toEqual([]);
    expect(await readdir(`${workRoot}/tasks`).catch(() => [])).toEqual([]);
  });
});
