import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/pipeline/index.js';
import { OUTPUT_LIMIT_MESSAGE } from '../../src/pipeline/verdict.js';
import { cleanup, FILE_IO, setup, submit } from '../holes/harness.js';
import { baseProblem } from './harness.js';

// Issue 24 items 1-2: a program's output and its input's page cache are never its memory. The output passes
// through the session supervisor (a pipe it drains outside the run's cgroup); the input is read into the page
// cache by the supervisor, outside the run's cgroup, before the program starts.

const MB = 1024 * 1024;
let dataDir = '';

beforeAll(async () => {
  dataDir = await setup();
});
afterAll(cleanup);

/** Prints n lines of 10 bytes ("123456789\n") read from `n` on stdin or in.txt (file IO: to out.txt). */
const PRINTER = `#include <cstdio>
int main() {
  long long n = 0;
  FILE *in = std::fopen("in.txt", "r");
  if (in) { std::freopen("in.txt", "r", stdin); std::freopen("out.txt", "w", stdout); }
  if (std::scanf("%lld", &n) != 1) return 1;
  static char line[] = "123456789\\n";
  for (long long i = 0; i < n; i++) std::fwrite(line, 1, 10, stdout);
}`;

/** Counts the lines of stdin through a 64 KB buffer: its own memory stays well under 1 MB of data. */
const STREAMER = `#include <cstdio>
int main() {
  static char buf[65536];
  long long lines = 0;
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0)
    for (size_t i = 0; i < n; i++) lines += buf[i] == '\\n';
  std::printf("%lld\\n", lines);
}`;

/** Resident pages of a file in the page cache (util-linux fincore), or -1 when unknown. */
function residentPages(path: string): number {
  const out = spawnSync('fincore', ['--raw', '--noheadings', '--output', 'PAGES', path], {
    encoding: 'utf8',
  });
  return out.status === 0 ? Number(out.stdout.trim()) : -1;
}

/** Drops a file's pages from the page cache: posix_fadvise(POSIX_FADV_DONTNEED) after an fsync. */
function dropCache(path: string): void {
  const script =
    'import os,sys\nfd=os.open(sys.argv[1],os.O_RDONLY)\nos.fsync(fd)\n' +
    'os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)\nos.close(fd)';
  const out = spawnSync('python3', ['-c', script, path], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`dropping the page cache of ${path}: ${out.stderr}`);
}

describe('output is not memory (issue 24 item 1)', () => {
  // 4 MB limit, 40 MB of output (10 x the limit): Accepted, and the memory reported is the program's own,
  // the same (within 1 MB) as when it prints 10 bytes.
  const lines = (4 * MB * 10) / 10;
  const big = '123456789\n'.repeat(lines);
  const cases: [string, string][] = [
    ['1\n', '123456789\n'],
    [`${lines}\n`, big],
  ];

  it('stdout: a program printing 10 x its memory limit is Accepted with its own memory', async () => {
    const result = await submit({ code: PRINTER, problem: { memoryLimitMb: 4 }, cases });
    expect(result.status, JSON.stringify(result.cases?.map((c) => [c.status, c.memory]))).toBe(
      JudgeStatus.ACCEPTED,
    );
    const [small, large] = result.cases ?? [];
    expect(large.memory).toBeLessThan(4 * 1024);
    expect(Math.abs(large.memory - small.memory)).toBeLessThan(1024);
  });

  it('file IO: a program writing 10 x its memory limit to its output file is Accepted with its own memory', async () => {
    const result = await submit({ code: PRINTER, problem: { memoryLimitMb: 4, ...FILE_IO }, cases });
    expect(result.status, JSON.stringify(result.cases?.map((c) => [c.status, c.memory]))).toBe(
      JudgeStatus.ACCEPTED,
    );
    const [small, large] = result.cases ?? [];
    expect(large.memory).toBeLessThan(4 * 1024);
    expect(Math.abs(large.memory - small.memory)).toBeLessThan(1024);
  });

  it('stderr: 20 MB of it (5 x the limit, under the cap) is not memory either', async () => {
    const code = `#include <cstdio>
int main() {
  static char line[] = "123456789\\n";
  for (long long i = 0; i < ${(20 * MB) / 10}; i++) std::fwrite(line, 1, 10, stderr);
  std::printf("3\\n");
}`;
    // Unbuffered stderr: 2 million writes, seconds of CPU on a loaded machine (CI saw TLE at 1 s): the test is about
    // memory, so time is not what it limits.
    const result = await submit({
      code,
      problem: { memoryLimitMb: 4, timeLimitMs: 10_000 },
      cases: [['1 2\n', '3\n']],
    });
    expect(result.cases.map((c) => [c.status, c.time])).toEqual([[JudgeStatus.ACCEPTED, expect.any(Number)]]);
    expect(result.cases[0].memory).toBeLessThan(4 * 1024);
  });

  it('keeps the output cap: past max(2 x answer, 32 MB) is Output Limit Exceeded, not MLE', async () => {
    const result = await submit({
      code: PRINTER,
      problem: { memoryLimitMb: 4 },
      cases: [[`${(40 * MB) / 10}\n`, '123456789\n']],
    });
    // HOJ's OLE: Runtime Error with this message (before issue 24 the output's memory made it MLE)
    expect(result.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(result.cases?.[0].message).toBe(OUTPUT_LIMIT_MESSAGE);
    const fileIo = await submit({
      code: PRINTER,
      problem: { memoryLimitMb: 4, ...FILE_IO },
      cases: [[`${(40 * MB) / 10}\n`, '123456789\n']],
    });
    expect([fileIo.status, fileIo.cases[0].message]).toEqual([
      JudgeStatus.RUNTIME_ERROR,
      OUTPUT_LIMIT_MESSAGE,
    ]);
  });
});

/** Judges STREAMER on one case whose input file is `input` on the disk; `cold`: its page cache dropped first. */
async function stream(input: string, answer: string, cold: boolean) {
  const files = new Map<string, string>();
  const put = (content: string) => {
    const hash = createHash('sha256').update(content).digest('hex');
    const path = join(dataDir, 'data', `stream-${hash}`);
    if (!files.has(hash)) writeFileSync(path, content);
    files.set(hash, path);
    return { hash, size: Buffer.byteLength(content), path };
  };
  const [i, o] = [put(input), put(answer)];
  return judge(
    {
      jobId: 71_000 + Number(cold),
      kind: 'judge',
      submitId: 71_000 + Number(cold),
      testKey: null,
      version: 1,
      language: 'C++',
      code: STREAMER,
      problem: baseProblem({ caseVersion: `stream-${cold}`, memoryLimitMb: 32, timeLimitMs: 5000 }),
      testcases: [
        {
          ...{ index: 1, inputName: '1.in', outputName: '1.out', score: 0, groupNum: 0 },
          ...{ inputHash: i.hash, outputHash: o.hash, inputSize: i.size, outputSize: o.size },
        },
      ],
      userInput: null,
      expectedOutput: null,
    },
    {
      getTestcase: async (hash) => {
        const path = files.get(hash) ?? '';
        if (cold && path === i.path) {
          dropCache(path);
          const resident = residentPages(path);
          if (resident >= 0) expect(resident).toBeLessThan(64); // the run reads from the disk
        }
        return path;
      },
      workRoot: join(dataDir, 'work'),
      judgehostId: 'output-memory',
    },
  );
}

describe('input page cache is not memory (issue 24 item 2)', () => {
  it('a streaming program on a cold and a warm 150 MiB input reports the same memory (within 1 MB)', async () => {
    const lines = (150 * MB) / 10;
    const input = '123456789\n'.repeat(lines);
    const warm = await stream(input, `${lines}\n`, false);
    const cold = await stream(input, `${lines}\n`, true);
    const summary = (r: typeof warm) => JSON.stringify(r.cases?.map((c) => [c.status, c.memory]));
    expect(warm.status, summary(warm)).toBe(JudgeStatus.ACCEPTED);
    expect(cold.status, summary(cold)).toBe(JudgeStatus.ACCEPTED);
    const [w, c] = [warm.cases?.[0].memory ?? -1, cold.cases?.[0].memory ?? -1];
    expect(Math.abs(w - c), `warm ${w} KB, cold ${c} KB`).toBeLessThan(1024);
    expect(c).toBeLessThan(4 * 1024);
  });
});
