import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, setup, submit } from './harness.js';

// Issue 24 items 4-5: nothing of one test case survives into the next (SysV IPC), no channel between two
// concurrent runs (file locks on the files every box shares), and a run's TCP buffers are its memory.

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

describe("a run's TCP buffers are its memory", () => {
  it('two processes pumping loopback TCP under a 32 MB limit: MLE, buffers bounded by the run cgroup', async () => {
    const r = await submit({
      code: TCP_PUMP,
      testInput: '',
      problem: { memoryLimitMb: 32, timeLimitMs: 5000 },
    });
    const queued = Number(String(r.userOutput).trim()); // MB
    // The box's limit is 32 MB + 100 MB headroom (+ 1/8): TCP buffers are charged under it (v1:
    // memory.kmem.tcp.limit_in_bytes) and counted in the peak, so the run is judged on them.
    expect(r.status, JSON.stringify(r)).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(queued).toBeLessThanOrEqual(160);
    expect(r.memory).toBeGreaterThanOrEqual(queued * 1024);
  }, 60_000);
});
