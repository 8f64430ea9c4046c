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
  it('a test run with out.txt -> /proc/self/environ gets WA "not a regular file", never the judgehost environment', async () => {
    const r = await submit({ code: fileIo(LINK_ENVIRON), problem: FILE_IO, testInput: '1 2\n' });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(r.errorMessage).toBe('Output file "out.txt" is not a regular file (a symbolic link)');
  });

  it('a judged run with the same link: every case WA with the same message, nothing of the host shown', async () => {
    const r = await submit({ code: fileIo(LINK_ENVIRON), problem: FILE_IO });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    const wa = [JudgeStatus.WRONG_ANSWER, 'Output file "out.txt" is not a regular file (a symbolic link)'];
    expect(r.cases.map((c) => [c.status, c.message])).toEqual([wa, wa]);
  });

  it('a FIFO as out.txt ends as WA at once (the judgehost does not block), in a test run and a judged run', async () => {
    const started = Date.now();
    const t = await submit({ code: fileIo(FIFO_OUT), problem: FILE_IO, testInput: '1 2\n' });
    expect([t.status, t.errorMessage]).toEqual([
      JudgeStatus.WRONG_ANSWER,
      'Output file "out.txt" is not a regular file (a FIFO)',
    ]);
    const j = await submit({ code: fileIo(FIFO_OUT), problem: FILE_IO });
    expect(j.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
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
