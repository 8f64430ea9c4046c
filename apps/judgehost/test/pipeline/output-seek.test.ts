import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBoxSession } from '../../src/sandbox/boxd/index.js';
import { cleanup, FILE_IO, setup, submit } from '../holes/harness.js';
import { BASE_LIMITS } from '../sandbox/helpers.js';

// Issue 24: the file-IO output is the supervisor's FIFO (never the program's memory), where a seek fails with
// ESPIPE. A file-IO run that opened its output and ends WA, PE or RE is run again with a regular output file, whose
// verdict counts: a correct program that seeks in its out.txt is Accepted (it was WA with the FIFO alone).

beforeAll(async () => {
  await setup();
});
afterAll(cleanup);

/** Writes a placeholder, then rewinds and writes the sum over it. */
const REWINDER = `#include <stdio.h>
int main(void) {
  long long a, b;
  FILE *in = fopen("in.txt", "r"), *out = fopen("out.txt", "w");
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  fprintf(out, "????????????????????\\n");
  rewind(out);
  fprintf(out, "%lld\\n", a + b);
  fflush(out);
  ftruncate(fileno(out), ftell(out));
  return 0;
}`;

/** Writes "XX", seeks back to the start and writes the sum over it (C++ streams; the sums have 1+ digits). */
const SEEKER = `#include <fstream>
int main() {
  std::ifstream in("in.txt");
  std::ofstream out("out.txt");
  long long a, b;
  in >> a >> b;
  out << "XX";
  out.seekp(0);
  out << a + b << '\\n';
}`;

/** 40 MB of lines to out.txt under a 4 MB limit, then seeks back to the start and writes its first line again. */
const BIG_SEEKER = `#include <stdio.h>
int main(void) {
  long long n = 0;
  FILE *in = fopen("in.txt", "r"), *out = fopen("out.txt", "w");
  if (!in || !out || fscanf(in, "%lld", &n) != 1) return 1;
  for (long long i = 0; i < n; i++) fputs("123456789\\n", out);
  if (fseek(out, 0, SEEK_SET) != 0) return 3;
  fputs("123456789\\n", out);
  return 0;
}`;

/**
 * Opens its output "w+", writes the sum, rewinds and reads back what it wrote until the end of the file, and exits
 * 0 only when it read exactly that. Through the FIFO the rewind fails and the read waits for more (the
 * supervisor holds the FIFO open: no end of file): the run was stopped at the wall limit, TLE, and not run again.
 */
const READER_BACK = `#include <stdio.h>
int main(void) {
  long long a, b, back = 0, got = 0;
  FILE *in = fopen("in.txt", "r"), *out = fopen("out.txt", "w+");
  if (!in || !out || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  fprintf(out, "%lld\\n", a + b);
  rewind(out);
  while (fscanf(out, "%lld", &back) == 1) got++;
  return got == 1 && back == a + b ? 0 : 2;
}`;

describe('a program that seeks in its file-IO output (issue 24)', () => {
  it('"w+", rewind and read back to the end of the file: Accepted', async () => {
    const result = await submit({
      code: READER_BACK,
      language: 'C',
      problem: { ...FILE_IO, timeLimitMs: 500 },
    });
    expect([result.status, result.cases?.map((c) => c.message)]).toEqual([
      JudgeStatus.ACCEPTED,
      [null, null],
    ]);
  }, 60_000);

  it('rewind and write over: Accepted', async () => {
    const result = await submit({ code: REWINDER, language: 'C', problem: FILE_IO });
    expect([result.status, result.cases?.map((c) => c.message)]).toEqual([
      JudgeStatus.ACCEPTED,
      [null, null],
    ]);
  }, 60_000);

  it('C++ seekp to the start and write over: Accepted', async () => {
    const result = await submit({ code: SEEKER, problem: FILE_IO });
    expect(result.status).toBe(JudgeStatus.ACCEPTED);
  }, 60_000);

  it('the regular file is not the memory either: 10 x the limit written and seeked in, Accepted with its own memory', async () => {
    const lines = (4 * 1024 * 1024 * 10) / 10;
    const result = await submit({
      code: BIG_SEEKER,
      language: 'C',
      problem: { ...FILE_IO, memoryLimitMb: 4 },
      cases: [[`${lines}\n`, '123456789\n'.repeat(lines)]],
    });
    expect(result.status, JSON.stringify(result.cases?.map((c) => [c.status, c.memory, c.message]))).toBe(
      JudgeStatus.ACCEPTED,
    );
    expect(result.cases?.[0].memory).toBeLessThan(4 * 1024);
  }, 120_000);

  it('a wrong program stays Wrong Answer after the re-run', async () => {
    const wrong = REWINDER.replace('a + b', 'a - b');
    const result = await submit({ code: wrong, language: 'C', problem: FILE_IO });
    expect(result.status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 60_000);
});

describe('oj-boxd tells a run blocked reading its output FIFO at the wall limit (pipedWait)', () => {
  it('a shell reading back out.txt is seen waiting there; one sleeping after writing it is not', async () => {
    const limits = { ...BASE_LIMITS, cpuMs: 500, wallMs: 700 };
    const [reader, sleeper, quick] = await withBoxSession({}, async (session) => [
      await session.run({
        argv: ['/bin/sh', '-c', 'exec 3<>out.txt; echo 3 >&3; read a <&3; read b <&3'],
        limits,
        pipedOutput: 'out.txt',
      }),
      await session.run({
        argv: ['/bin/sh', '-c', 'echo 3 > out.txt; exec sleep 5'],
        limits,
        pipedOutput: 'out.txt',
      }),
      await session.run({ argv: ['/bin/sh', '-c', 'echo 3 > out.txt'], limits, pipedOutput: 'out.txt' }),
    ]);
    expect([reader.verdict, reader.pipedWait]).toEqual(['TLE', true]);
    expect([sleeper.verdict, sleeper.pipedWait]).toEqual(['TLE', false]);
    expect([quick.verdict, quick.pipedWait]).toEqual(['OK', false]);
  });
});
