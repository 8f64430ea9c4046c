/*
 * oj-agent: pid 1 of a persistent box (docs/sandbox.md "Box sessions"). Started by bubblewrap as the sandbox uid
 * with a SOCK_SEQPACKET socket to oj-boxd on fd 3; it runs one program per request, many times.
 *
 * Messages from oj-boxd: one run request = a struct agent_req, then argc + envc NUL-terminated strings, with
 * SCM_RIGHTS descriptors: stdin, stdout, stderr, then n_cg cgroup join descriptors (opened by root: v1 `tasks`,
 * v2 `cgroup.procs`; see oj-boxd's join_file).
 * Messages to oj-boxd (text): "R" ready; "S <start ns> <ns its cgroup self-move took>" the program exec'd; "F <errno>" its execve failed;
 * "X <wait status> <end ns>" it ended; "D <ipc objects removed>" every process of the run is reaped and the
 * SysV IPC objects of the box are gone, all of them (the box holds nothing of the run).
 *
 * The agent is not dumpable (the program, same uid, cannot ptrace it or read its /proc files) and, as pid 1 of
 * the pid namespace, cannot be signalled from inside; the seccomp filter keeps the program from changing its
 * limits, nice value or scheduling (calls by pid act on the caller only), and each run's CPU affinity is reset. It exits when the socket closes; the namespace dies with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "oj-boxd.h"

/* semctl's fourth argument (the caller defines it, semctl(2)) */
union semun_arg {
  int val;
  struct semid_ds *buf;
  unsigned short *array;
  struct seminfo *info;
};

#ifndef SHM_STAT_ANY /* Linux 4.17; older headers */
#define SHM_STAT_ANY 15
#define SEM_STAT_ANY 20
#define MSG_STAT_ANY 13
#endif

static int sock = 3;

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  char buf[128];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (send(sock, buf, (size_t)n, MSG_NOSIGNAL) < 0) _exit(1);
}

/*
 * Removes every SysV IPC object of the box's IPC namespace; returns how many. Walks the kernel's tables by index
 * (SHM_STAT_ANY / SEM_STAT_ANY / MSG_STAT_ANY, as ipcs does: no listing to read and no size limit on it; the ANY
 * forms need no read permission, and the owner, this uid, may remove whatever the mode) and repeats until a pass
 * finds nothing: nothing of the run is alive, so nothing new appears (issue 24: the old /proc/sysvipc reader
 * stopped after 64 KB, about 385 objects).
 */
static int remove_all_ipc(void) {
  int removed = 0;
  for (int pass = 0; pass < 16; pass++) {
    int found = 0;
    struct shm_info si;
    int max = shmctl(0, SHM_INFO, (struct shmid_ds *)&si);
    for (int i = 0; i <= max; i++) {
      struct shmid_ds ds;
      int id = shmctl(i, SHM_STAT_ANY, &ds);
      if (id >= 0 && (found++, shmctl(id, IPC_RMID, NULL) == 0)) removed++;
    }
    struct seminfo sm;
    max = semctl(0, 0, SEM_INFO, (union semun_arg){.info = &sm});
    for (int i = 0; i <= max; i++) {
      struct semid_ds ds;
      int id = semctl(i, 0, SEM_STAT_ANY, (union semun_arg){.buf = &ds});
      if (id >= 0 && (found++, semctl(id, 0, IPC_RMID) == 0)) removed++;
    }
    struct msginfo mi;
    max = msgctl(0, MSG_INFO, (struct msqid_ds *)&mi);
    for (int i = 0; i <= max; i++) {
      struct msqid_ds ds;
      int id = msgctl(i, MSG_STAT_ANY, &ds);
      if (id >= 0 && (found++, msgctl(id, IPC_RMID, NULL) == 0)) removed++;
    }
    if (!found) break;
  }
  return removed;
}

/* What the child tells the agent on the close-on-exec pipe: first {0, ns of its cgroup self-move}, then either
 * end of file (the exec worked) or {errno, 0} (a failure; also the only record when the move itself failed). */
struct child_report {
  int err;
  long long move_ns;
};

static void set_limit(int resource, long long value) {
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  setrlimit(resource, &rl);
}

/* The child: stdio in place, join the run's cgroup(s), rlimits, nothing else open, exec. Reports on `report`. */
static void child(const struct agent_req *req, int *fds, char **argv, char **envp, int report) {
  for (int i = 0; i < 3; i++)
    if (dup2(fds[i], 100 + i) < 0) _exit(125);
  for (int i = 0; i < 3; i++)
    if (dup2(100 + i, i) < 0) _exit(125);
  long long t0 = now_ns();
  for (int i = 0; i < req->n_cg; i++) {
    if (write(fds[3 + i], "0", 1) != 1) {
      struct child_report r = {errno, 0};
      if (write(report, &r, sizeof r) < 0) _exit(125);
      _exit(125);
    }
  }
  struct child_report moved = {0, now_ns() - t0}; /* how long the self-move took (timing only) */
  /* Every CPU back (the kernel keeps those of the run's cpuset): an earlier run may have narrowed the agent's
   * affinity, which its children inherit. */
  cpu_set_t all;
  CPU_ZERO(&all);
  for (int c = 0; c < CPU_SETSIZE; c++) CPU_SET(c, &all);
  sched_setaffinity(0, sizeof all, &all);
  if (write(report, &moved, sizeof moved) != (ssize_t)sizeof moved) _exit(125);
  /* Everything but stdio and the report pipe goes (the socket first of all); the pipe closes on exec, which
   * is the success signal. Before the rlimits: a small RLIMIT_NOFILE must not keep fd 3 from being replaced. */
  if (dup2(report, 3) != 3 || fcntl(3, F_SETFD, FD_CLOEXEC) != 0) _exit(125);
  syscall(SYS_close_range, 4, ~0U, 0);
  struct rlimit cpu = {(rlim_t)req->cpu_soft_s, (rlim_t)req->cpu_soft_s + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  set_limit(RLIMIT_STACK, req->stack_bytes);
  set_limit(RLIMIT_FSIZE, req->fsize_bytes);
  set_limit(RLIMIT_NOFILE, req->nofile);
  set_limit(RLIMIT_CORE, 0);
  set_limit(RLIMIT_MEMLOCK, 0);
  set_limit(RLIMIT_MSGQUEUE, 0); /* no POSIX message queue can be made, so none can outlive the run */
  environ = envp; /* execvpe searches the PATH of the calling process: make it the run's own */
  execvpe(argv[0], argv, envp);
  struct child_report failed = {errno, 0};
  if (write(3, &failed, sizeof failed) < 0) _exit(127);
  _exit(127);
}

/* Receives one request; returns 0, or -1 when the socket closed. */
static int serve(void) {
  static char data[AGENT_MAX_MSG];
  int fds[3 + AGENT_MAX_CG];
  char control[CMSG_SPACE(sizeof fds)];
  struct iovec iov = {data, sizeof data - 1};
  struct msghdr msg = {0};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
  if (n <= 0) return -1;
  data[n] = 0;
  int nfds = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      nfds = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      if (nfds > (int)(sizeof fds / sizeof fds[0])) return -1;
      memcpy(fds, CMSG_DATA(c), (size_t)nfds * sizeof(int));
    }
  }
  struct agent_req req;
  if ((size_t)n < sizeof req) return -1;
  memcpy(&req, data, sizeof req);
  if (req.n_cg < 0 || req.n_cg > AGENT_MAX_CG || nfds != 3 + req.n_cg || req.argc < 1 || req.argc > 4096 ||
      req.envc < 0 || req.envc > 4096)
    return -1;
  char *argv[req.argc + 1], *envp[req.envc + 1];
  char *p = data + sizeof req, *end = data + n;
  for (int i = 0; i < req.argc + req.envc; i++) {
    if (p >= end) return -1;
    if (i < req.argc) argv[i] = p;
    else envp[i - req.argc] = p;
    p += strlen(p) + 1;
  }
  argv[req.argc] = NULL;
  envp[req.envc] = NULL;

  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    say("F %d", errno);
    say("D 0");
    return 0;
  }
  long long start = now_ns();
  pid_t pid = fork();
  if (pid == 0) {
    close(report[0]);
    child(&req, fds, argv, envp, report[1]);
  }
  int fork_errno = errno;
  close(report[1]);
  for (int i = 0; i < nfds; i++) close(fds[i]);
  if (pid < 0) {
    close(report[0]);
    say("F %d", fork_errno);
    say("D 0");
    return 0;
  }
  /* The move record, then end of file: the program exec'd (it is in the cgroup, so oj-boxd can kill it); a
   * record with an errno, or end of file without the move record (the child died first): it failed. */
  struct child_report rec = {0, 0};
  long long move_ns = -1;
  int err = 0;
  for (;;) {
    ssize_t r;
    while ((r = read(report[0], &rec, sizeof rec)) < 0 && errno == EINTR) {
    }
    if (r != (ssize_t)sizeof rec) break;
    if (rec.err) {
      err = rec.err;
      break;
    }
    move_ns = rec.move_ns;
  }
  close(report[0]);
  if (!err && move_ns < 0) err = ECHILD;
  if (err) say("F %d", err);
  else say("S %lld %lld", start, move_ns);
  int status = 0;
  for (;;) {
    pid_t w = waitpid(-1, &status, 0);
    if (w == pid) {
      say("X %d %lld", status, now_ns());
      continue;
    }
    if (w < 0 && errno == ECHILD) break; /* nothing of the run is left in the pid namespace */
  }
  int removed = remove_all_ipc();
  say("D %d", removed);
  return 0;
}

int main(void) {
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  fcntl(sock, F_SETFD, FD_CLOEXEC); /* never inherited by a program, whatever happens in the child */
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
  }
  syscall(SYS_close_range, 4, ~0U, 0);
  say("R");
  while (serve() == 0) {
  }
  return 0;
}
