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
 *
 * Every run gets a fresh pid namespace, as isolate gives each run (issue 24: the pid counter carried a signal
 * from one case to the next; the network, the other channel, is closed by the program runs' filter, which
 * refuses every socket but AF_UNIX). bubblewrap leaves the agent CAP_SYS_ADMIN in the box's innermost user
 * namespace (`--cap-add`; nothing outside it: with --disable-userns the box's own namespaces belong to the user
 * namespace above it) and loads the agent's filter (`oj-seccomp --agent`: it allows mount and clone with
 * CLONE_NEWPID or CLONE_NEWNS); oj-boxd gives the program runs' filter on fd 5. Per run the agent clones the
 * run's init with CLONE_NEWPID|CLONE_NEWNS: pid 1 of a new pid namespace, with a copy of the box's mounts in
 * which it mounts a /proc of its own (so /proc shows the run's pids only). It drops every capability, loads the
 * program runs' filter and forks the program (pid 2); it reaps, tells the agent the program's wait status and
 * exits, which kills whatever is left of the run in its namespace (and its namespaces go with it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
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
/* The program runs' seccomp filter (read from fd 5 at start), loaded by each run's init; len 0: none given. */
static struct sock_fprog run_filter;

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

/* Reads exactly n bytes (0), or -1 on end of file or error. */
static int read_full(int fd, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, (char *)buf + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    got += (size_t)r;
  }
  return 0;
}

/* The init's last record: the program's wait status and its end (CLOCK_MONOTONIC ns). */
struct init_exit {
  int status;
  long long end;
};

/* A failure of the init before the program exists, on the report pipe (as the child reports its own). */
static void init_failed(int report) {
  struct child_report r = {errno ? errno : EPERM, 0};
  if (write(report, &r, sizeof r) < 0) _exit(125);
  _exit(125);
}

/*
 * The run's init: pid 1 of the run's fresh pid namespace (see the header). Its own /proc, no capability left, the
 * program runs' filter, then the program (pid 2); tells the agent on `status_w` its clock at the fork, then the
 * program's wait status and end, and exits (the kernel kills the rest of the namespace). Never returns.
 */
static void run_init(const struct agent_req *req, int *fds, int nfds, char **argv, char **envp, int report,
                     int status_w) {
  close(sock);
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) init_failed(report);
  struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct none[2];
  memset(none, 0, sizeof none);
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 || syscall(SYS_capset, &hdr, none) != 0)
    init_failed(report);
  if (run_filter.len && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &run_filter) != 0) init_failed(report);
  long long start = now_ns();
  if (write(status_w, &start, sizeof start) != (ssize_t)sizeof start) init_failed(report);
  pid_t pid = fork();
  if (pid == 0) {
    close(status_w);
    child(req, fds, argv, envp, report);
  }
  if (pid < 0) init_failed(report);
  close(report);
  for (int i = 0; i < nfds; i++) close(fds[i]);
  for (;;) {
    int st;
    pid_t w = waitpid(-1, &st, 0);
    if (w == pid) {
      struct init_exit ex = {st, now_ns()};
      if (write(status_w, &ex, sizeof ex) < 0) _exit(125);
      _exit(0);
    }
    if (w < 0 && errno != EINTR) _exit(125);
  }
}

/* Reads the program runs' filter (a classic BPF program) from `fd` into run_filter; -1 when it is not one. */
static int read_run_filter(int fd) {
  static struct sock_filter prog[BPF_MAXINSNS];
  size_t got = 0;
  for (;;) {
    ssize_t r = read(fd, (char *)prog + got, sizeof prog - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) break;
    got += (size_t)r;
    if (got == sizeof prog) return -1;
  }
  if (got == 0 || got % sizeof prog[0]) return -1;
  run_filter.len = (unsigned short)(got / sizeof prog[0]);
  run_filter.filter = prog;
  return 0;
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

  int report[2], status[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    for (int i = 0; i < nfds; i++) close(fds[i]);
    say("F %d", errno);
    say("D 0");
    return 0;
  }
  if (pipe2(status, O_CLOEXEC) != 0) {
    int e = errno;
    for (int i = 0; i < nfds; i++) close(fds[i]);
    close(report[0]);
    close(report[1]);
    say("F %d", e);
    say("D 0");
    return 0;
  }
  /* the run's init (a fork into fresh namespaces; clone, unlike unshare, can do it again for every run) */
  pid_t pid = (pid_t)syscall(SYS_clone, SIGCHLD | CLONE_NEWPID | CLONE_NEWNS, 0, 0, 0, 0);
  if (pid == 0) {
    close(report[0]);
    close(status[0]);
    run_init(&req, fds, nfds, argv, envp, report[1], status[1]);
  }
  int fork_errno = errno;
  close(report[1]);
  close(status[1]);
  for (int i = 0; i < nfds; i++) close(fds[i]);
  if (pid < 0) {
    close(report[0]);
    close(status[0]);
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
  /* The init's records: its clock when it forked the program, then the program's wait status and end. */
  long long start = 0;
  struct init_exit ex;
  if (read_full(status[0], &start, sizeof start) != 0) start = 0;
  if (err) say("F %d", err);
  else say("S %lld %lld", start, move_ns);
  if (start && read_full(status[0], &ex, sizeof ex) == 0) say("X %d %lld", ex.status, ex.end);
  close(status[0]);
  for (;;) {
    int st;
    pid_t w = waitpid(-1, &st, 0);
    if (w < 0 && errno == ECHILD) break; /* the init is gone, and with it its whole pid namespace */
  }
  int removed = remove_all_ipc();
  say("D %d", removed);
  return 0;
}

int main(void) {
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  fcntl(sock, F_SETFD, FD_CLOEXEC); /* never inherited by a program, whatever happens in the child */
  /* fd 5: the program runs' filter (oj-boxd --agent-seccomp-file); required then, since the agent's own lets
   * namespaces through */
  if (fcntl(5, F_GETFD) >= 0) {
    if (read_run_filter(5) != 0) return 1;
    close(5);
  }
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
