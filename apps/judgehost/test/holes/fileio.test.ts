import { existsSync } from 'node:fs';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, cleanup, FILE_IO, hostCanaryPath, leftoverTaskDirs, setup, submit } from './harness.js';

// Issue 7, holes 1-3: files a program leaves in its work dir for the judgehost (root) to read or write.

beforeAll(setup);
afterAll(cleanup);

/** A file-IO A+B whose program first runs `plant` (C statements) in its work dir. */
function fileIo(plant: string): string {
  return `#include <cstdio>
#include <unistd.h>
#include <sys/stat.h>
int main() {
  long long a = 0, b = 0;
  FILE *in = std::fopen("in.txt", "r");
  if (in) { std::fscanf(in, "%lld %lld", &a, &b); std::fclose(in); }
  FILE *out = std::fopen("out.txt", "w");
  if (out) { std::fprintf(out, "%lld\\n", a + b); std::fclose(out); }
  ${plant}
  return 0;
}`;
}

const LINK_ENVIRON = 'unlink("out.txt"); symlink("/proc/self/environ", "out.txt");';
const FIFO_OUT = 'unlink("out.txt"); mkfifo("out.txt", 0666);';

describe('output file planted as a link or FIFO', () => {
  // Since issue 24, out.txt is a root-owned FIFO the supervisor made and drains (its pages are not the program's
  // memory): in the sticky /w the program can neither remove nor replace it, so a planted link or FIFO never
  // takes its place and the output written before the attempt stands. (Before, the link or FIFO replaced the
  // file and the run was WA "Output file "out.txt" is not a regular file (...)".)
  it('a test run that tries out.txt -> /proc/self/environ keeps its output, never the judgehost environment', async () => {
    const r = await submit({ code: fileIo(LINK_ENVIRON), problem: FILE_IO, testInput: '1 2\n' });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    expect(r.userOutput).toBe('3\n');
  });

  it('a judged run with the same attempt: every case judged on what the program wrote, nothing of the host shown', async () => {
    const r = await submit({ code: fileIo(LINK_ENVIRON), problem: FILE_IO });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  });

  it('a FIFO planted as out.txt cannot replace it: judged at once (the judgehost does not block)', async () => {
    const started = Date.now();
    const t = await submit({ code: fileIo(FIFO_OUT), problem: FILE_IO, testInput: '1 2\n' });
    expect(t.status).toBe(JudgeStatus.ACCEPTED);
    const j = await submit({ code: fileIo(FIFO_OUT), problem: FILE_IO });
    expect(j.status).toBe(JudgeStatus.ACCEPTED);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('out.txt opened but left empty is an empty output (WA), never opened is "was not created"', async () => {
    const opened = await submit({
      code: '#include <cstdio>\nint main() { std::fclose(std::fopen("out.txt", "w")); }',
      problem: FILE_IO,
    });
    expect(opened.cases.map((c) => [c.status, c.message])).toEqual([
      [JudgeStatus.WRONG_ANSWER, null],
      [JudgeStatus.WRONG_ANSWER, null],
    ]);
    const never = await submit({ code: 'int main() {}', problem: FILE_IO });
    expect(never.cases.map((c) => c.message)).toEqual([
      'Output file "out.txt" was not created',
      'Output file "out.txt" was not created',
    ]);
  });

  it('out.txt written in two openings (write, then append) is judged on both parts', async () => {
    const code = `#include <cstdio>
int main() {
  long long a, b;
  FILE *in = std::fopen("in.txt", "r");
  if (!in || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  FILE *out = std::fopen("out.txt", "w");
  std::fprintf(out, "%lld", (a + b) / 10);
  std::fclose(out);
  out = std::fopen("out.txt", "a");
  std::fprintf(out, "%lld\\n", (a + b) % 10);
  std::fclose(out);
}`;
    const r = await submit({ code, problem: FILE_IO, cases: [['40 2\n', '42\n']] });
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });
  it('Python writes out.txt with open(..., "w") as it would a regular file', async () => {
    const code =
      'a, b = map(int, open("in.txt").read().split())\nwith open("out.txt", "w") as f:\n    print(a + b, file=f)\n';
    const r = await submit({ code, language: 'Python3', problem: FILE_IO });
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe('input file replaced between cases', () => {
  it('in.txt turned into a link to a host path in case 1 does not make root write that path in case 2', async () => {
    const target = hostCanaryPath('in-link');
    const plant = `unlink("in.txt"); symlink("${target}", "in.txt");`;
    const r = await submit({ code: fileIo(plant), problem: FILE_IO });
    expect(existsSync(target)).toBe(false);
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  });

  it('in.txt turned into a FIFO in case 1 does not block case 2', async () => {
    const plant = 'unlink("in.txt"); mkfifo("in.txt", 0666);';
    const r = await submit({ code: fileIo(plant), problem: FILE_IO });
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  }, 30_000);

  it('the input is read-only and cannot be removed or replaced by the program', async () => {
    const probe = `FILE *w = std::fopen("in.txt", "a");
  bool gone = unlink("in.txt") == 0 || rename("in.txt", "x") == 0;
  if (w || gone) { FILE *o = std::fopen("out.txt", "w"); std::fprintf(o, "changed\\n"); std::fclose(o); }`;
    const r = await submit({ code: fileIo(probe), problem: FILE_IO });
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    expect(await leftoverTaskDirs()).toEqual([]);
  });
});
