/*
 * oj-init: pid 1 inside the bubblewrap box (bwrap --as-pid-1). Started as `oj-init N PROGRAM ARGS...` with the
 * status pipe on fd 3 and N cgroup.procs descriptors on fd 4..3+N (opened by oj-sandbox as root).
 *
 * It forks the program; the child joins the run's cgroup(s) by writing "0" (itself) to each descriptor, so the
 * set-up of bubblewrap is not billed to the program, closes every descriptor above 2 and execs the program.
 * The init itself is not dumpable (the program cannot ptrace it or read its /proc files), reaps orphans, and
 * when the program ends reports "X <wait status> <CLOCK_MONOTONIC ns>" and exits: the kernel then kills whatever is left in the
 * pid namespace. Messages on fd 3: "S <ns>" started, "X <status> <ns>" ended, "F <errno>" the program's execve failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc < 3) return 125;
  int n_cg = atoi(argv[1]);
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  long long start = now_ns();
  pid_t pid = fork();
  if (pid < 0) {
    dprintf(3, "F %d\n", errno);
    return 125;
  }
  if (pid == 0) {
    for (int i = 0; i < n_cg; i++) {
      if (write(4 + i, "0", 1) != 1) {
        dprintf(3, "E %d\n", errno);
        _exit(125);
      }
    }
    fcntl(3, F_SETFD, FD_CLOEXEC);
    syscall(SYS_close_range, 4, ~0U, 0);
    execvp(argv[2], argv + 2);
    dprintf(3, "F %d\n", errno);
    _exit(127);
  }
  dprintf(3, "S %lld\n", start);
  syscall(SYS_close_range, 4, ~0U, 0);
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (null > 3) close(null);
  }
  for (;;) {
    int status;
    pid_t w = wait(&status);
    if (w == pid) {
      dprintf(3, "X %d %lld\n", status, now_ns());
      return 0;
    }
    if (w < 0 && errno != EINTR) return 125;
  }
}
