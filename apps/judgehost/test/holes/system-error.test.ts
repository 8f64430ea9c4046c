import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, FILE_IO, setup, submit } from './harness.js';

// Issue 24 item 3: no System Error on demand. Whatever a program does to a name the box controls (the output
// names) or to the box's pid 1, its own verdict (AC, WA, RE) comes out, and the later cases are still judged.

beforeAll(setup);
afterAll(cleanup);

/** A+B on stdin (or from in.txt with `fileIo`) that first runs `before` (C statements), then prints the sum. */
function aplusb(before: string, fileIo = false): string {
  return `#include <cstdio>
#include <cstring>
#include <csignal>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/resource.h>
#include <sys/ptrace.h>
static void sock_at(const char *name) {
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un a; std::memset(&a, 0, sizeof a); a.sun_family = AF_UNIX;
  std::strncpy(a.sun_path, name, sizeof a.sun_path - 1);
  bind(s, (struct sockaddr *)&a, sizeof a);
}
int main() {
  (void)sock_at;
  long long a = 0, b = 0;
  ${before}
  ${
    fileIo
      ? `FILE *in = std::fopen("in.txt", "r");
  if (in) { std::fscanf(in, "%lld %lld", &a, &b); std::fclose(in); }
  FILE *out = std::fopen("out.txt", "w");
  if (out) { std::fprintf(out, "%lld\\n", a + b); std::fclose(out); }`
      : 'if (std::scanf("%lld %lld", &a, &b) == 2) std::printf("%lld\\n", a + b);'
  }
  return 0;
}`;
}

const statuses = (r: { cases: { status: number }[] }) => r.cases.map((c) => c.status);

describe('a socket, FIFO or link at an output name is the program verdict, never System Error', () => {
  const plants: [string, string][] = [
    ['a unix socket', 'unlink("out.txt"); sock_at("out.txt");'],
    ['a FIFO', 'unlink("out.txt"); mkfifo("out.txt", 0666);'],
    ['a symbolic link', 'unlink("out.txt"); symlink("/etc/passwd", "out.txt");'],
  ];
  for (const [what, plant] of plants) {
    it(`${what} as the file-IO output, never written: WA "was not created" on every case`, async () => {
      const r = await submit({ code: aplusb(plant), problem: FILE_IO });
      expect(r.cases.map((c) => [c.status, c.message])).toEqual([
        [JudgeStatus.WRONG_ANSWER, 'Output file "out.txt" was not created'],
        [JudgeStatus.WRONG_ANSWER, 'Output file "out.txt" was not created'],
      ]);
    });

    it(`${what} as the file-IO output after writing it: the output stands (AC)`, async () => {
      const r = await submit({
        code: aplusb(plant.replace('unlink', 'if (a < 0) unlink'), true),
        problem: FILE_IO,
      });
      const again = await submit({
        code: aplusb('', true).replace('return 0;', `${plant} return 0;`),
        problem: FILE_IO,
      });
      expect(statuses(r)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
      expect(statuses(again)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    });

    it(`${what} left at the input's name and in /tmp: the next case is judged`, async () => {
      const leave = `${plant.replace(/out\.txt/g, 'in.txt')} ${plant.replace(/out\.txt/g, '/tmp/x')}`;
      const r = await submit({
        code: aplusb('', true).replace('return 0;', `${leave} return 0;`),
        problem: FILE_IO,
      });
      expect(statuses(r)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
      const s = await submit({ code: aplusb(plant.replace(/out\.txt/g, 'x')) });
      expect(statuses(s)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    });
  }
});

describe("the box's pid 1 cannot be touched from inside", () => {
  const attacks: [string, string][] = [
    [
      'lowers its limits with prlimit',
      `struct rlimit z = {0, 0};
  int rs[] = {RLIMIT_NOFILE, RLIMIT_NPROC, RLIMIT_CPU, RLIMIT_AS, RLIMIT_FSIZE, RLIMIT_STACK, RLIMIT_DATA};
  for (int r : rs) if (prlimit(1, (__rlimit_resource)r, &z, nullptr) == 0) std::printf("lowered ");`,
    ],
    ['signals it', 'kill(1, SIGKILL); kill(1, SIGSTOP); kill(1, SIGTERM); kill(-1, SIGSTOP);'],
    ['ptraces it', 'if (ptrace(PTRACE_ATTACH, 1, 0, 0) == 0) std::printf("attached ");'],
  ];
  /**
   * Case 1 changes pid 1's nice value, scheduling policy or CPU affinity; every later run is forked by pid 1 and
   * would inherit it: a case that finds itself niced, SCHED_IDLE or on fewer CPUs prints "inherited" (WA).
   */
  const inherited = `if (a == 0) {}
  if (getpriority(PRIO_PROCESS, 0) != 0 || sched_getscheduler(0) != SCHED_OTHER) { std::printf("inherited\\n"); return 0; }
  cpu_set_t set; CPU_ZERO(&set); sched_getaffinity(0, sizeof set, &set);
  if (CPU_COUNT(&set) < get_nprocs()) { std::printf("inherited\\n"); return 0; }
  setpriority(PRIO_PROCESS, 1, 19); setpriority(PRIO_USER, 0, 19); setpriority(PRIO_PGRP, 0, 19);
  struct sched_param sp = {0}; sched_setscheduler(1, SCHED_IDLE, &sp);
  cpu_set_t one; CPU_ZERO(&one); CPU_SET(0, &one); sched_setaffinity(1, sizeof one, &one);`;
  it('a program that renices pid 1, makes it SCHED_IDLE or narrows its CPUs in case 1: later cases are untouched', async () => {
    const code = aplusb(inherited).replace(
      '#include <cstdio>',
      '#include <cstdio>\n#include <sched.h>\n#include <sys/sysinfo.h>',
    );
    const r = await submit({
      code,
      cases: [
        ['1 2\n', '3\n'],
        ['40 2\n', '42\n'],
        ['5 5\n', '10\n'],
      ],
    });
    expect(r.cases.map((c) => c.status)).toEqual([
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
    ]);
  }, 60_000);
  for (const [what, attack] of attacks) {
    it(`a program that ${what} in case 1: every case is judged (AC), none is System Error`, async () => {
      const code = aplusb(attack);
      const r = await submit({
        code,
        cases: [
          ['1 2\n', '3\n'],
          ['40 2\n', '42\n'],
          ['5 5\n', '10\n'],
        ],
      });
      expect(r.cases.map((c) => [c.status, c.message])).toEqual([
        [JudgeStatus.ACCEPTED, null],
        [JudgeStatus.ACCEPTED, null],
        [JudgeStatus.ACCEPTED, null],
      ]);
    }, 60_000);
  }
});
