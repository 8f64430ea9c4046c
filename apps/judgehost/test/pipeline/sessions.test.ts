import { readdirSync } from 'node:fs';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { cleanup, FILE_IO, leftoverTaskDirs, setup, submit } from '../holes/harness.js';

// Issue 7 §3: every test case of a submission runs in one box session (and every checker run in one of its
// own), reset between runs: nothing of one case is visible in the next.

beforeAll(setup);
afterAll(cleanup);

/**
 * The user's program: says "seen" when anything of an earlier case is visible (a file in /w, /tmp or /dev/shm,
 * another process than pid 1 and itself), else prints a+b and its box's id (the inode of its user namespace: one
 * per box session); then leaves all of that behind, including a background process.
 */
const LEAVER = `#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
static long box() { struct stat s; return stat("/proc/self/ns/user", &s) == 0 ? (long)s.st_ino : 0; }
static bool others() {
  DIR *d = opendir("/proc");
  bool found = false;
  for (dirent *e; d && (e = readdir(d));) {
    int pid = atoi(e->d_name);
    if (pid > 1 && pid != getpid()) found = true;
  }
  if (d) closedir(d);
  return found;
}
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  const char *files[] = {"/w/state", "/tmp/state", "/dev/shm/state"};
  bool seen = others();
  for (const char *f : files) if (access(f, F_OK) == 0) seen = true;
  if (seen) std::printf("seen %d\\n", (int)getpid());
  else std::printf("%lld %ld\\n", a + b, box());
  std::fflush(stdout);
  for (const char *f : files) { FILE *out = std::fopen(f, "w"); if (out) std::fclose(out); }
  if (fork() == 0) { setsid(); sleep(30); }
}`;

/**
 * A testlib-protocol checker (args: input, user output, answer): tries to change the answer file (write,
 * remove, rename, chmod); accepts when the answer is intact and the user's sum matches, with a message naming
 * its own box's id and the user's.
 */
const CHECKER = `#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
static long box() { struct stat s; return stat("/proc/self/ns/user", &s) == 0 ? (long)s.st_ino : 0; }
int main(int argc, char **argv) {
  if (argc < 4) return 3;
  const char *ans = argv[3];
  bool changed = open(ans, O_WRONLY) >= 0 || unlink(ans) == 0 || rename(ans, "moved") == 0 || chmod(ans, 0666) == 0;
  long long want = 0, got = -1;
  long user = 0;
  FILE *a = std::fopen(ans, "r"), *u = std::fopen(argv[2], "r");
  if (!a || !u || std::fscanf(a, "%lld", &want) != 1 || std::fscanf(u, "%lld %ld", &got, &user) != 2) {
    std::fprintf(stderr, "wrong answer unreadable");
    return 1;
  }
  if (changed) { std::fprintf(stderr, "wrong answer the answer file was changed"); return 1; }
  std::fprintf(stderr, got == want ? "ok checker=%ld user=%ld" : "wrong answer checker=%ld user=%ld", box(), user);
  return got == want ? 0 : 1;
}`;

/** This process's box-session dirs on the sandbox tmpfs (`bx<pid>.<instance>-<n>`, removed at close). */
function boxes(): string[] {
  try {
    return readdirSync(`${sandboxConfig().dir}/boxd`).filter((name) => name.startsWith(`bx${process.pid}.`));
  } catch {
    return [];
  }
}

const CASES: [string, string][] = [
  ['1 2\n', '3\n'],
  ['40 2\n', '42\n'],
  ['5 5\n', '10\n'],
];

/** The box ids named in a case message `ok checker=N user=M` (one per box session). */
function boxIds(message: string | null): { checker: number; user: number } {
  const match = /checker=(\d+) user=(\d+)/.exec(message ?? '');
  return { checker: Number(match?.[1]), user: Number(match?.[2]) };
}

describe('one box session per submission', () => {
  it('3 cases of a special-judge problem: one user session and one checker session, nothing carried over', async () => {
    const r = await submit({
      code: LEAVER,
      cases: CASES,
      problem: { judgeMode: 'spj', spj: { code: CHECKER, language: 'C++', protocol: 'testlib' } },
    });
    expect(
      r.cases.map((c) => [c.status, c.message?.replace(/=\d+/g, '=N')]),
      r.errorMessage ?? '',
    ).toEqual(CASES.map(() => [JudgeStatus.ACCEPTED, 'ok checker=N user=N']));
    // One box per session: every run of a side in the same box (user namespace), the two sides in two boxes.
    // (Not the pid: since issue 24 every run has a fresh pid namespace, so every case's program is pid 2.)
    const seen = r.cases.map((c) => boxIds(c.message));
    for (const side of ['checker', 'user'] as const) {
      const list = seen.map((p) => p[side]);
      expect(list[0], side).toBeGreaterThan(0);
      expect(list, side).toEqual([list[0], list[0], list[0]]);
    }
    expect(seen[0].checker).not.toBe(seen[0].user);
  }, 60_000);

  it("a file-IO special-judge problem: the checker reads the user's output file, handed over by path", async () => {
    const code = `#include <cstdio>
#include <unistd.h>
int main() {
  long long a = 0, b = 0;
  FILE *in = std::fopen("in.txt", "r"), *out = std::fopen("out.txt", "w");
  if (!in || !out || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  std::fprintf(out, "%lld %d\\n", a + b, getpid());
}`;
    const r = await submit({
      code,
      cases: CASES,
      problem: { ...FILE_IO, judgeMode: 'spj', spj: { code: CHECKER, language: 'C++', protocol: 'testlib' } },
    });
    expect(
      r.cases.map((c) => c.status),
      r.errorMessage ?? '',
    ).toEqual(CASES.map(() => JudgeStatus.ACCEPTED));
    expect(r.cases.map((c) => c.userOutput?.split(' ')[0])).toEqual(['3', '42', '10']);
  }, 60_000);

  it('userExtraFile entries are readable in the cwd of every case (read-only), as before sessions', async () => {
    const code = `#include <cstdio>
int main() {
  long long a, b, extra = 0;
  std::scanf("%lld %lld", &a, &b);
  FILE *f = std::fopen("data.txt", "r"), *w = std::fopen("data.txt", "w");
  if (!f || std::fscanf(f, "%lld", &extra) != 1 || w) return 1;
  std::printf("%lld\\n", a + b + extra - 100);
}`;
    const r = await submit({ code, cases: CASES, problem: { userExtraFile: { 'data.txt': '100\n' } } });
    expect(
      r.cases.map((c) => c.status),
      JSON.stringify(r.cases),
    ).toEqual(CASES.map(() => JudgeStatus.ACCEPTED));
  }, 60_000);

  it('a test run and a judged run of the default judge: nothing of case 1 is visible in case 2', async () => {
    const judged = await submit({ code: LEAVER, cases: CASES.map(([i, o]) => [i, o]) });
    // the default judge compares the whole line: the sum and a box id
    expect(judged.cases.map((c) => [c.status, c.userOutput?.split(' ')[0]])).toEqual([
      [JudgeStatus.WRONG_ANSWER, '3'],
      [JudgeStatus.WRONG_ANSWER, '42'],
      [JudgeStatus.WRONG_ANSWER, '10'],
    ]);
    const test = await submit({ code: LEAVER, testInput: '2 2\n' });
    expect([test.status, test.userOutput?.split(' ')[0]]).toEqual([JudgeStatus.ACCEPTED, '4']);
  }, 60_000);

  it('an interactive problem: every case in the same user and interactor sessions', async () => {
    // A Kattis interactor: gives two numbers, checks the sum, says its box's id and the user's in judgemessage.txt.
    const interactor = `#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>
static long box() { struct stat s; return stat("/proc/self/ns/user", &s) == 0 ? (long)s.st_ino : 0; }
int main(int argc, char **argv) {
  long long a = 0, b = 0, sum = -1; long user = 0;
  FILE *in = std::fopen(argv[1], "r");
  if (!in || std::fscanf(in, "%lld %lld", &a, &b) != 2) return 1;
  std::printf("%lld %lld\\n", a, b); std::fflush(stdout);
  if (std::scanf("%lld %ld", &sum, &user) != 2) return 43;
  FILE *msg = std::fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  if (msg) std::fprintf(msg, "checker=%ld user=%ld", box(), user);
  return sum == a + b ? 42 : 43;
}`.replace('#include <cstdio>', '#include <cstdio>\n#include <string>');
    const code = `#include <cstdio>
#include <sys/stat.h>
int main() {
  long long a, b;
  struct stat s;
  if (std::scanf("%lld %lld", &a, &b) == 2 && stat("/proc/self/ns/user", &s) == 0)
    std::printf("%lld %ld\\n", a + b, (long)s.st_ino);
}`;
    const r = await submit({
      code,
      cases: CASES,
      problem: { judgeMode: 'interactive', spj: { code: interactor, language: 'C++', protocol: 'kattis' } },
    });
    expect(
      r.cases.map((c) => c.status),
      r.errorMessage ?? JSON.stringify(r.cases),
    ).toEqual(CASES.map(() => JudgeStatus.ACCEPTED));
    const seen = r.cases.map((c) => boxIds(c.message));
    for (const side of ['checker', 'user'] as const) {
      const list = seen.map((p) => p[side]);
      expect(list[0], side).toBeGreaterThan(0);
      expect(list, side).toEqual([list[0], list[0], list[0]]);
    }
    expect(seen[0].checker).not.toBe(seen[0].user);
  }, 60_000);

  it('the session started beside the compile is closed after a compile error: no box, no session dir left', async () => {
    const before = new Set(boxes());
    const r = await submit({ code: 'int main() { this is not C++ }' });
    expect(r.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(boxes().filter((name) => !before.has(name))).toEqual([]);
    expect(await leftoverTaskDirs()).toEqual([]);
  });

  it("the worker's deadline cancels the running case and closes the sessions at once", async () => {
    const deadline = new AbortController();
    const started = Date.now();
    setTimeout(() => deadline.abort(), 1500);
    const code = '#include <unistd.h>\nint main() { sleep(20); }';
    const r = await submit({ code, problem: { timeLimitMs: 10_000 }, signal: deadline.signal });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.cases[0].message).toContain('cancelled');
  }, 60_000);
});
