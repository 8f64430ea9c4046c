/* Probes for box-session tests: `boxd-probe MODE [ARG]`.
 *   burn MS      burns MS ms of its own CPU time, prints its CPU clock's final reading (ns), exits 0
 *   touch MIB    touches MIB MiB of heap, exits 0
 *   shm          creates a SysV shared memory segment (key 4242) and a semaphore set (key 4243), exits 0
 *   shmcheck     exits 0 when neither exists any more, 1 when one is still there
 *   ptrace       tries to attach to pid 1 (the agent) and to read its memory and environment; prints what
 *                worked ("attached", "mem", "environ") or "denied", exits 0
 *   fds          prints the numbers of its open descriptors (0..1023), exits 0
 *   loop         spins forever */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  long arg = argc > 2 ? atol(argv[2]) : 0;
  if (!strcmp(mode, "burn")) {
    struct timespec ts;
    for (;;) {
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
      long long own = ts.tv_sec * 1000000000LL + ts.tv_nsec;
      if (own >= arg * 1000000LL) return printf("%lld\n", own) < 0;
    }
  }
  if (!strcmp(mode, "touch")) {
    volatile char *p = malloc((size_t)arg << 20);
    if (!p) return 2;
    for (long i = 0; i < (arg << 20); i += 4096) p[i] = (char)i;
    return 0;
  }
  if (!strcmp(mode, "shm")) {
    if (shmget(4242, 1 << 20, IPC_CREAT | 0600) < 0 || semget(4243, 1, IPC_CREAT | 0600) < 0) return 1;
    return 0;
  }
  if (!strcmp(mode, "shmcheck")) return shmget(4242, 0, 0) >= 0 || semget(4243, 0, 0) >= 0;
  if (!strcmp(mode, "ptrace")) {
    int any = 0;
    if (ptrace(PTRACE_ATTACH, 1, 0, 0) == 0) any = printf("attached\n");
    char buf[64];
    int fd = open("/proc/1/mem", O_RDONLY);
    if (fd >= 0 && pread(fd, buf, 1, 4096) >= 0) any = printf("mem\n");
    fd = open("/proc/1/environ", O_RDONLY);
    if (fd >= 0 && read(fd, buf, sizeof buf) >= 0) any = printf("environ\n");
    if (!any) printf("denied\n");
    return 0;
  }
  if (!strcmp(mode, "fds")) {
    for (int fd = 0; fd < 1024; fd++)
      if (fcntl(fd, F_GETFD) >= 0) printf("%d ", fd);
    return 0;
  }
  if (!strcmp(mode, "loop"))
    for (volatile unsigned long i = 0;; i++) {
    }
  return 3;
}
