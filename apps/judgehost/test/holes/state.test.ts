import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBoxSession } from '../../src/sandbox/boxd/index.js';
import { BASE_LIMITS } from '../sandbox/helpers.js';
import { cleanup, setup, submit } from './harness.js';

// Issue 24 items 4-5: nothing of one test case survives into the next (SysV IPC, the pid counter, a socket in
// TIME_WAIT), no channel between two concurrent runs (file locks on the files every box shares), and no TCP
// buffers beside a run's memory (a program has no network).

beforeAll(setup);
afterAll(cleanup);

const CASES: [string, string][] = [
  ['1 2\n', '3\n'],
  ['40 2\n', '42\n'],
  ['5 5\n', '10\n'],
];

/**
 * Case 1 finds no SysV IPC object and makes 1,000 of them (400 shared-memory segments, 300 semaphore sets,
 * 300 message queues, mode 0) plus a 64 MiB segment it fills; a case that finds any prints "seen N"; the other
 * cases only look.
 */
const IPC_LEFT = `#include <cstdio>
#include <cstring>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/sem.h>
#include <sys/msg.h>
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  struct shm_info si; struct seminfo sm; struct msginfo mi;
  shmctl(0, SHM_INFO, (struct shmid_ds *)&si);
  semctl(0, 0, SEM_INFO, &sm);
  msgctl(0, MSG_INFO, (struct msqid_ds *)&mi);
  long found = si.used_ids + sm.semusz + mi.msgpool;
  if (found) { std::printf("seen %ld\\n", found); return 0; }
  if (a != 1) { std::printf("%lld\\n", a + b); return 0; } // only case 1 makes them
  for (int i = 0; i < 400; i++) shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0);
  for (int i = 0; i < 300; i++) semget(IPC_PRIVATE, 1, IPC_CREAT | 0);
  for (int i = 0; i < 300; i++) msgget(IPC_PRIVATE, IPC_CREAT | 0);
  int big = shmget(IPC_PRIVATE, 64 << 20, IPC_CREAT | 0600);
  char *p = (char *)shmat(big, nullptr, 0);
  if (p != (char *)-1) { std::memset(p, 7, 64 << 20); shmdt(p); }
  std::printf("%lld\\n", a + b);
}`;

describe('SysV IPC objects of a case are gone in the next', () => {
  it('1,000 objects and a 64 MiB segment made in case 1 are gone in cases 2 and 3, their memory not theirs', async () => {
    const r = await submit({ code: IPC_LEFT, cases: CASES });
    expect(r.cases.map((c) => c.status)).toEqual([
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
    ]);
    expect(r.cases[0].memory).toBeGreaterThan(64 * 1024); // KB: case 1 made and filled the segment
    expect(r.cases[1].memory).toBeLessThan(16 * 1024);
    expect(r.cases[2].memory).toBeLessThan(16 * 1024);
  }, 60_000);
});

/**
 * Tries every kind of file lock on files every box sees (/etc/passwd, the C library): prints "locked" when one
 * is granted, "busy" when another run holds it, else (all refused) keeps trying for `ms`, then prints the sum.
 */
const LOCKER = `#include <cstdio>
#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
static const char *files[] = {"/etc/passwd", "/usr/include/stdio.h", "/bin/sh"};
static int attempt() {
  for (const char *f : files) {
    int fd = open(f, O_RDONLY);
    if (fd < 0) continue;
    struct flock fl = {}; fl.l_type = F_RDLCK; fl.l_whence = SEEK_SET;
    int rcs[] = {flock(fd, LOCK_EX | LOCK_NB), flock(fd, LOCK_SH | LOCK_NB), fcntl(fd, F_SETLK, &fl),
                 fcntl(fd, F_OFD_SETLK, &fl)};
    for (int rc : rcs) {
      if (rc == 0) return 1;
      if (errno == EWOULDBLOCK || errno == EAGAIN || errno == EACCES) return 2;
    }
  }
  return 0;
}
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do {
    int r = attempt();
    if (r) { std::printf(r == 1 ? "locked\\n" : "busy\\n"); return 0; }
    clock_gettime(CLOCK_MONOTONIC, &t);
  } while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 300);
  std::printf("%lld\\n", a + b);
}`;

describe('no file lock between two runs', () => {
  it('flock and fcntl locks on shared files are refused in two concurrent submissions', async () => {
    const [x, y] = await Promise.all([submit({ code: LOCKER }), submit({ code: LOCKER })]);
    for (const r of [x, y])
      expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  }, 60_000);
});

/**
 * Four processes (two forks) fill loopback TCP connections that nobody reads (up to 28 each) with non-blocking
 * writes until every one would block; prints the MB queued in total.
 */
const TCP_PUMP = `#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
static long long pump(int pipe_w) {
  int l = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a; std::memset(&a, 0, sizeof a);
  a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 64) || getsockname(l, (struct sockaddr *)&a, &len)) return -1;
  static char buf[1 << 16];
  long long total = 0;
  for (int c = 0; c < 28; c++) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a)) break;
    int peer = accept(l, nullptr, nullptr);
    if (peer < 0) break;
    fcntl(s, F_SETFL, O_NONBLOCK);
    for (int idle = 0; idle < 20;) {
      ssize_t n = send(s, buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) { total += n; idle = 0; } else { idle++; usleep(1000); }
    }
  }
  (void)pipe_w;
  return total;
}
int main() {
  int p[2];
  if (pipe(p)) return 1;
  pid_t first = fork(), second = fork();
  long long mine = pump(p[1]);
  if (first == 0 || second == 0) { write(p[1], &mine, sizeof mine); pause(); return 0; }
  long long total = mine;
  for (int i = 0; i < 3; i++) { long long theirs = 0; read(p[0], &theirs, sizeof theirs); total += theirs; }
  std::printf("%lld\\n", total >> 20);
  return 0; // the other three are killed with the run
}`;

describe('no TCP buffers beside the memory of a run', () => {
  it('four processes trying to pump loopback TCP under a 32 MB limit get no socket: nothing queued', async () => {
    const r = await submit({
      code: TCP_PUMP,
      testInput: '',
      problem: { memoryLimitMb: 32, timeLimitMs: 5000 },
    });
    // Before issue 24's last change this was MLE on up to 160 MB of buffers (bounded by the v1
    // memory.kmem.tcp.limit_in_bytes of the run); the program runs' filter now refuses every socket but AF_UNIX,
    // so each pump fails at once (-1 each: the sum, shifted, is -1) and the run stays small.
    expect([r.status, String(r.userOutput).trim()], JSON.stringify(r)).toEqual([JudgeStatus.ACCEPTED, '-1']);
    expect(r.memory).toBeLessThan(32 * 1024);
  }, 60_000);
});

/**
 * Prints what a case can learn of the pid counter: its own pid, the pid /proc/self names and the highest pid
 * /proc lists. Case 1 (input 1 2) prints first, then forks 500 times (each child exits at once) and writes
 * nothing else: a signal to later cases through the counter only.
 */
const PID_COUNTER = `#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  char self[64] = {0};
  readlink("/proc/self", self, sizeof self - 1);
  long max = 0;
  if (DIR *d = opendir("/proc")) {
    while (struct dirent *e = readdir(d)) { long p = std::atol(e->d_name); if (p > max) max = p; }
    closedir(d);
  }
  std::printf("pid %d self %s max %ld\\n", (int)getpid(), self, max);
  std::fflush(stdout);
  if (a == 1)
    for (int i = 0; i < 500; i++) { pid_t p = fork(); if (p == 0) _exit(0); if (p > 0) waitpid(p, nullptr, 0); }
}`;

describe('no channel through the pid counter', () => {
  it('case 2 sees the same pids as case 1 did before it forked 500 times (a fresh pid namespace per run)', async () => {
    const r = await submit({ code: PID_COUNTER, cases: CASES });
    const seen = r.cases.map((c) => c.userOutput);
    expect(seen[0], JSON.stringify(r)).toMatch(/^pid \d+ self \d+ max \d+\n$/);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  }, 60_000);
});

/**
 * Prints what a case can see of earlier TCP sockets: whether 127.0.0.1:47013 can be bound (0, or the errno: of
 * the socket when there is none — EPERM since the program runs' filter refuses it — or EADDRINUSE while a socket
 * of an earlier case sits in TIME_WAIT there), how many sockets /proc/net/tcp and tcp6 list and how many packets
 * the loopback received. Case 1 (input 1 2) looks first, then tries to leave a connection in TIME_WAIT on that
 * port (the listening side closes first, so its end waits) and writes nothing else.
 */
const TIME_WAIT = `#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
static sockaddr_in addr() {
  sockaddr_in a; std::memset(&a, 0, sizeof a);
  a.sin_family = AF_INET; a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); a.sin_port = htons(47013);
  return a;
}
static int lines(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f) return -1;
  int n = 0;
  for (int c; (c = std::fgetc(f)) != EOF;) n += c == '\\n';
  std::fclose(f);
  return n - 1; // the header
}
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  sockaddr_in at = addr();
  int probe = socket(AF_INET, SOCK_STREAM, 0);
  int bound = probe < 0 ? errno : bind(probe, (sockaddr *)&at, sizeof at) == 0 ? 0 : errno;
  if (probe >= 0) close(probe);
  long lo = -1;
  char line[512];
  FILE *dev = std::fopen("/proc/net/dev", "r");
  while (dev && std::fgets(line, sizeof line, dev))
    if (std::strstr(line, "lo:")) std::sscanf(std::strstr(line, "lo:") + 3, "%*ld %ld", &lo);
  std::printf("bind %d tcp %d tcp6 %d lo %ld\\n", bound, lines("/proc/net/tcp"), lines("/proc/net/tcp6"), lo);
  std::fflush(stdout);
  if (a != 1) return 0;
  int l = socket(AF_INET, SOCK_STREAM, 0);
  if (bind(l, (sockaddr *)&at, sizeof at) || listen(l, 1)) return 2;
  int c = socket(AF_INET, SOCK_STREAM, 0);
  if (connect(c, (sockaddr *)&at, sizeof at)) return 3;
  int s = accept(l, nullptr, nullptr);
  close(s); // the port's side closes first: its end of the connection goes to TIME_WAIT (60 s)
  char buf[1];
  if (read(c, buf, 1) != 0) return 4; // the close has reached the other side
  close(c);
  close(l);
}`;

describe('no channel through a socket in TIME_WAIT', () => {
  it('case 1 can leave no socket in TIME_WAIT (no socket but AF_UNIX): case 2 sees what case 1 saw first', async () => {
    const r = await submit({ code: TIME_WAIT, cases: CASES });
    const seen = r.cases.map((c) => c.userOutput);
    // EPERM (1) for the socket, nothing listed, no packet ever on the loopback; before: case 2 saw
    // EADDRINUSE (98), one socket in /proc/net/tcp and case 1's packets on lo.
    expect(seen[0], JSON.stringify(r)).toBe('bind 1 tcp 0 tcp6 0 lo 0\n');
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  }, 60_000);
});

/**
 * What a program could do with the capabilities the box's agent holds (to make each run's namespaces): prints its
 * capability sets and the errno of a mount, an unshare and a sethostname (0 when one works).
 */
const CAPS = `#define _GNU_SOURCE
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>
int main() {
  long long a, b;
  if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
  FILE *f = std::fopen("/proc/self/status", "r");
  char line[256];
  while (f && std::fgets(line, sizeof line, f))
    if (!std::strncmp(line, "CapPrm", 6) || !std::strncmp(line, "CapEff", 6) || !std::strncmp(line, "CapAmb", 6))
      std::fputs(line, stdout);
  int m = mount("proc", "/tmp", "proc", 0, nullptr) == 0 ? 0 : errno;
  int u = unshare(CLONE_NEWNET) == 0 ? 0 : errno;
  int h = sethostname("x", 1) == 0 ? 0 : errno;
  std::printf("mount %d unshare %d sethostname %d\\n", m, u, h);
}`;

describe("the agent's capabilities never reach a program", () => {
  it('a run has no capability and can neither mount, unshare nor set the host name', async () => {
    const r = await submit({ code: CAPS, cases: CASES.slice(0, 2) });
    for (const c of r.cases)
      expect(c.userOutput, JSON.stringify(r)).toBe(
        'CapPrm:\t0000000000000000\nCapEff:\t0000000000000000\nCapAmb:\t0000000000000000\n' +
          'mount 1 unshare 1 sethostname 1\n',
      );
  }, 60_000);
});

describe("the agent's own filter refuses nothing a session's runs may do", () => {
  it('a compile session (file locks allowed) can lock a file and open a TCP socket; a program session cannot', async () => {
    // python3 is in every box; flock on a file of /tmp, a TCP socket bound on the loopback
    const probe = `import fcntl, socket
f = open('/tmp/lock', 'w')
try:
    fcntl.flock(f, fcntl.LOCK_EX); print('lock ok')
except OSError as e: print('lock', e.errno)
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM).bind(('127.0.0.1', 0)); print('tcp ok')
except OSError as e: print('tcp', e.errno)`;
    const run = (fileLocks: boolean) =>
      withBoxSession({ fileLocks }, (session) =>
        session.run({ argv: ['python3', '-c', probe], limits: BASE_LIMITS }),
      );
    const compile = await run(true);
    expect([compile.verdict, compile.stdout.toString()], compile.message).toEqual([
      'OK',
      'lock ok\ntcp ok\n',
    ]);
    const program = await run(false);
    expect([program.verdict, program.stdout.toString()], program.message).toEqual(['OK', 'lock 37\ntcp 1\n']);
  }, 60_000);
});
