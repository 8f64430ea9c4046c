/*
 * oj-sandbox: the judge's per-run supervisor (runs as root, started by the judgehost for every sandboxed run).
 *
 * It creates the run's fresh cgroup(s), sets the memory and pids limits, forks a child that sets the rlimits,
 * drops to the run's unprivileged uid/gid (no supplementary groups, no new privileges) and execs bubblewrap.
 * Inside the box, `oj-init` (pid 1) moves the user program into the cgroup just before its execve, through
 * the cgroup.procs descriptors this supervisor opened (fd 4..), and reports over fd 3: "S <ns>" when the program
 * starts, "X <wait status> <ns>" when it ends (CLOCK_MONOTONIC), "F <errno>" when its execve failed.
 *
 * Meanwhile the supervisor polls the cgroup CPU counter (all threads and processes) and the wall clock and
 * kills every process of the cgroup when a limit passes, or on SIGUSR1 (the judgehost saw too much output).
 * At the end it kills what is left, reads CPU ns, peak memory bytes and the OOM-kill counter, removes the
 * cgroup(s) and writes one result line on its own fd 3:
 *   "exit=<status|-1> cpu_ns=<n> wall_ns=<n> peak=<bytes> oom=<n> killed=<none|cpu|wall|signal> execerr=<errno> err=<text>"
 *
 * With --seccomp-file, the file (a BPF program) is opened here and handed to bubblewrap as fd 4+<cgroups>, which
 * the bubblewrap command line names in `--seccomp FD`: bubblewrap loads it just before it execs oj-init.
 *
 * Usage: oj-sandbox --cgv 1|2 --cg-cpu DIR --cg-mem DIR --cg-pids DIR --cpu-ms N --wall-ms N --mem-bytes N
 *        --pids N --stack-bytes N --fsize-bytes N --nofile N --uid N --gid N [--seccomp-file PATH]
 *        [--cg-cpuset DIR --cpus LIST [--mems LIST]] -- /usr/bin/bwrap ARGS...
 * With --cg-cpuset the run also gets a cpuset cgroup limited to --cpus (v1 also --mems): the program is pinned.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "oj-util.h"

#define MAX_CG 4

static int cgv = 1;
/* cpu accounting, memory, pids, cpuset or NULL (v2: the same dir each time) */
static const char *cg_dirs[MAX_CG];
static const char *cpus = NULL, *mems = "0";
static int n_unique = 0;
static const char *unique_dirs[MAX_CG];
static long long cpu_ms = 1000, wall_ms = 3000, mem_bytes = 256LL << 20, pids_max = 64;
static long long stack_bytes = 64LL << 20, fsize_bytes = 64LL << 20, nofile = 64;
static long uid = -1, gid = -1;
static const char *seccomp_file = NULL;
static int result_fd = 3;
/* Sends SIGKILL to every process of the cgroup (v2: cgroup.kill); returns how many pids were listed. */
static int kill_cgroup(void) {
  if (cgv == 2) write_file(cg_dirs[2], "cgroup.kill", "1"); /* atomic against forks; still list what is left */
  int count = 0;
  for (int d = 0; d < n_unique; d++) count += kill_listed(unique_dirs[d]);
  return count;
}

static void cleanup_cgroups(void) {
  /* Kill until empty (a fork bomb may race the first pass); zombies leave once their reaper collects them. */
  for (int i = 0; i < 2000; i++) {
    if (kill_cgroup() == 0) break;
    usleep(i < 100 ? 100 : 1000);
  }
  for (int d = n_unique - 1; d >= 0; d--) {
    for (int i = 0; i < 500; i++) {
      if (rmdir(unique_dirs[d]) == 0 || errno == ENOENT) break;
      if (errno != EBUSY) {
        set_err("rmdir_%s:_%s", unique_dirs[d], strerror(errno));
        break;
      }
      kill_cgroup();
      usleep(i < 50 ? 200 : 2000);
    }
  }
}

static int setup_cgroups(void) {
  for (int i = 0; i < MAX_CG; i++) {
    if (!cg_dirs[i]) continue;
    int seen = 0;
    for (int j = 0; j < n_unique; j++)
      if (strcmp(unique_dirs[j], cg_dirs[i]) == 0) seen = 1;
    if (!seen) unique_dirs[n_unique++] = cg_dirs[i];
  }
  for (int d = 0; d < n_unique; d++) {
    if (mkdir(unique_dirs[d], 0755) != 0) {
      set_err("mkdir_%s:_%s", unique_dirs[d], strerror(errno));
      n_unique = d;
      return -1;
    }
  }
  char value[64];
  snprintf(value, sizeof value, "%lld", mem_bytes);
  if (cgv == 1) {
    write_file(cg_dirs[1], "memory.swappiness", "0");
    if (write_file(cg_dirs[1], "memory.limit_in_bytes", value) != 0) {
      set_err("memory.limit_in_bytes:_%s", strerror(errno));
      return -1;
    }
    write_file(cg_dirs[1], "memory.memsw.limit_in_bytes", value); /* absent without swap accounting */
    write_file(cg_dirs[1], "memory.kmem.tcp.limit_in_bytes", value); /* v1: socket buffers are charged apart */
  } else {
    if (write_file(cg_dirs[1], "memory.max", value) != 0) {
      set_err("memory.max:_%s", strerror(errno));
      return -1;
    }
    write_file(cg_dirs[1], "memory.swap.max", "0");
    write_file(cg_dirs[1], "memory.oom.group", "1");
  }
  snprintf(value, sizeof value, "%lld", pids_max);
  if (write_file(cg_dirs[2], "pids.max", value) != 0) {
    set_err("pids.max:_%s", strerror(errno));
    return -1;
  }
  if (cg_dirs[3] && ((cgv == 1 && write_file(cg_dirs[3], "cpuset.mems", mems) != 0) ||
                     write_file(cg_dirs[3], "cpuset.cpus", cpus) != 0)) {
    set_err("cpuset_%s:_%s", cpus, strerror(errno));
    return -1;
  }
  return 0;
}

static long long status = -1, start = 0, end = 0;
static int exec_err = 0, report_done = 0;
static char line[256];
static size_t line_len = 0;

/* Reads and parses oj-init's messages; returns the bytes read (0 at end of file, -1 when nothing is ready). */
static ssize_t read_status(int fd) {
  ssize_t n = read(fd, line + line_len, sizeof line - 1 - line_len);
  if (n <= 0) {
    if (n == 0) {
      report_done = 1; /* every holder of the status pipe is gone */
      if (!end) end = now_ns();
    }
    return n;
  }
  line_len += (size_t)n;
  line[line_len] = 0;
  char *nl;
  while ((nl = strchr(line, '\n')) != NULL) {
    *nl = 0;
    if (line[0] == 'S' && !start) {
      /* Same CLOCK_MONOTONIC as ours (the box has no time namespace): wall time is the program's own. */
      start = atoll(line + 2);
      if (start <= 0 || start > now_ns()) start = now_ns();
    } else if (line[0] == 'X') {
      char *rest;
      status = strtoll(line + 2, &rest, 10);
      end = atoll(rest);
      if (end < start || end > now_ns()) end = now_ns();
      report_done = 1;
    } else if (line[0] == 'F' || line[0] == 'E') {
      exec_err = atoi(line + 2);
      if (line[0] == 'E') set_err("sandbox_exec_failed:_%s", strerror(exec_err));
    }
    size_t rest = line_len - (size_t)(nl + 1 - line);
    memmove(line, nl + 1, rest);
    line_len = rest;
    line[line_len] = 0;
  }
  return n;
}

static void set_limit(int resource, long long soft, long long hard) {
  struct rlimit rl = {(rlim_t)soft, (rlim_t)hard};
  setrlimit(resource, &rl);
}

/* The child: fds in place, rlimits, unprivileged uid, no new privileges, exec bubblewrap. */
static void child(int status_w, int *cg_fds, int n_cg, int seccomp_fd, char **argv) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  /* Move the descriptors out of the way, then to 3 (status) and 4.. (cgroup.procs). */
  int hi_status = fcntl(status_w, F_DUPFD, 100);
  int hi_cg[MAX_CG];
  for (int i = 0; i < n_cg; i++) hi_cg[i] = fcntl(cg_fds[i], F_DUPFD, 100);
  int hi_seccomp = seccomp_fd >= 0 ? fcntl(seccomp_fd, F_DUPFD, 100) : -1;
  if (dup2(hi_status, 3) < 0) _exit(126);
  for (int i = 0; i < n_cg; i++)
    if (dup2(hi_cg[i], 4 + i) < 0) _exit(126);
  int next_fd = 4 + n_cg;
  if (hi_seccomp >= 0 && dup2(hi_seccomp, next_fd++) < 0) _exit(126);
  syscall(SYS_close_range, next_fd, ~0U, 0);
  long long cpu_s = (cpu_ms + 999) / 1000 + 1;
  set_limit(RLIMIT_CPU, cpu_s, cpu_s + 1);
  set_limit(RLIMIT_STACK, stack_bytes, stack_bytes);
  set_limit(RLIMIT_FSIZE, fsize_bytes, fsize_bytes);
  set_limit(RLIMIT_NOFILE, nofile, nofile);
  set_limit(RLIMIT_CORE, 0, 0);
  set_limit(RLIMIT_MEMLOCK, 0, 0);
  if (setgroups(0, NULL) != 0 || setresgid((gid_t)gid, (gid_t)gid, (gid_t)gid) != 0 ||
      setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    dprintf(3, "E %d\n", errno);
    _exit(126);
  }
  if (getuid() == 0 || geteuid() == 0) _exit(126);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  /* An empty environment: bubblewrap (and the box, which gets only --setenv) see nothing of the judgehost's. */
  char *no_env[] = {NULL};
  execve(argv[0], argv, no_env);
  dprintf(3, "E %d\n", errno);
  _exit(126);
}

static long long arg_ll(const char *s) {
  char *end;
  long long v = strtoll(s, &end, 10);
  if (*end || v < 0) {
    fprintf(stderr, "oj-sandbox: bad number %s\n", s);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv) {
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "oj-sandbox: %s needs a value\n", a);
      return 2;
    }
    const char *v = argv[++i];
    if (!strcmp(a, "--cgv")) cgv = (int)arg_ll(v);
    else if (!strcmp(a, "--cg-cpu")) cg_dirs[0] = v;
    else if (!strcmp(a, "--cg-mem")) cg_dirs[1] = v;
    else if (!strcmp(a, "--cg-pids")) cg_dirs[2] = v;
    else if (!strcmp(a, "--cpu-ms")) cpu_ms = arg_ll(v);
    else if (!strcmp(a, "--wall-ms")) wall_ms = arg_ll(v);
    else if (!strcmp(a, "--mem-bytes")) mem_bytes = arg_ll(v);
    else if (!strcmp(a, "--pids")) pids_max = arg_ll(v);
    else if (!strcmp(a, "--stack-bytes")) stack_bytes = arg_ll(v);
    else if (!strcmp(a, "--fsize-bytes")) fsize_bytes = arg_ll(v);
    else if (!strcmp(a, "--nofile")) nofile = arg_ll(v);
    else if (!strcmp(a, "--uid")) uid = (long)arg_ll(v);
    else if (!strcmp(a, "--gid")) gid = (long)arg_ll(v);
    else if (!strcmp(a, "--seccomp-file")) seccomp_file = v;
    else if (!strcmp(a, "--cg-cpuset")) cg_dirs[3] = v;
    else if (!strcmp(a, "--cpus")) cpus = v;
    else if (!strcmp(a, "--mems")) mems = v;
    else {
      fprintf(stderr, "oj-sandbox: unknown option %s\n", a);
      return 2;
    }
  }
  if (i >= argc || !cg_dirs[0] || !cg_dirs[1] || !cg_dirs[2] || uid <= 0 || gid <= 0 || (cg_dirs[3] && !cpus)) {
    fprintf(stderr, "oj-sandbox: missing cgroups, uid/gid (non-root), --cpus or command\n");
    return 2;
  }
  if (fcntl(result_fd, F_GETFD) < 0) result_fd = 2;
  char **cmd = argv + i;

  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGCHLD);
  sigaddset(&mask, SIGUSR1);
  sigaddset(&mask, SIGTERM);
  sigaddset(&mask, SIGINT);
  sigaddset(&mask, SIGHUP);
  sigaddset(&mask, SIGPIPE);
  sigprocmask(SIG_BLOCK, &mask, NULL);
  int sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);

  long long cpu_ns = 0, wall_ns = 0, peak = 0, oom = 0;
  const char *killed = "none";

  if (setup_cgroups() != 0) goto report;

  const char *cpu_file = cgv == 1 ? "cpuacct.usage" : "cpu.stat";
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", cg_dirs[0], cpu_file);
  int cpu_fd = open(path, O_RDONLY | O_CLOEXEC);
  int cg_fds[MAX_CG];
  for (int d = 0; d < n_unique; d++) {
    /* v1 `tasks`: oj-init's child joins with "0" as a single thread, which the kernel does without taking the
     * cgroup threadgroup lock (an RCU grace period stall now and then); v2: cgroup.procs (docs/sandbox.md) */
    snprintf(path, sizeof path, "%s/%s", unique_dirs[d], cgv == 1 ? "tasks" : "cgroup.procs");
    cg_fds[d] = open(path, O_WRONLY | O_CLOEXEC);
    if (cg_fds[d] < 0) set_err("open_%s:_%s", path, strerror(errno));
  }
  if (cpu_fd < 0) set_err("open_%s:_%s", cpu_file, strerror(errno));
  int seccomp_fd = -1;
  if (seccomp_file && (seccomp_fd = open(seccomp_file, O_RDONLY | O_CLOEXEC)) < 0)
    set_err("open_%s:_%s", seccomp_file, strerror(errno));
  int sp[2];
  if (pipe2(sp, O_CLOEXEC) != 0) set_err("pipe:_%s", strerror(errno));
  if (errbuf[0]) goto cleanup;
  /* Descriptors the judgehost hands over (files, pipes) must block for the program. */
  for (int fd = 0; fd < 3; fd++) {
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  }

  pid_t pid = fork();
  if (pid < 0) {
    set_err("fork:_%s", strerror(errno));
    goto cleanup;
  }
  if (pid == 0) child(sp[1], cg_fds, n_unique, seccomp_fd, cmd);
  close(sp[1]);
  if (seccomp_fd >= 0) close(seccomp_fd);
  for (int d = 0; d < n_unique; d++) close(cg_fds[d]);
  /* Let go of the program's stdio so a reader sees end-of-file as soon as the box is gone. */
  int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd = 0; fd < 3; fd++)
    if (fd != result_fd) dup2(devnull, fd);

  long long t0 = now_ns();
  long long setup_deadline = t0 + 10000000000LL + wall_ms * 1000000LL;
  long long cpu_limit_ns = cpu_ms * 1000000LL, wall_limit_ns = wall_ms * 1000000LL;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;
  int child_done = 0, killed_any = 0;
  while (!child_done) {
    long long t = now_ns();
    long long timeout_us = 20000;
    if (start && !report_done) {
      long long used = read_cpu_ns(cpu_fd, cgv);
      if (used >= 0) cpu_ns = used;
      if (!killed_any && cpu_ns > cpu_limit_ns) {
        killed = "cpu";
        killed_any = 1;
        kill_cgroup();
      } else if (!killed_any && t - start > wall_limit_ns) {
        killed = "wall";
        killed_any = 1;
        kill_cgroup();
      }
      /* Sleep no longer than the CPU left could last on all cores, nor past the wall limit; at least 0.2 ms
       * (microsecond timers: the last wake-ups before the limit come close to it instead of a whole ms apart). */
      long long cpu_left = (cpu_limit_ns - cpu_ns) / 1000LL / ncpu;
      long long wall_left = (wall_limit_ns - (t - start)) / 1000LL;
      if (cpu_left < timeout_us) timeout_us = cpu_left;
      if (wall_left < timeout_us) timeout_us = wall_left;
      if (timeout_us < 200) timeout_us = 200;
      if (killed_any) timeout_us = 5000;
    } else if (!start && t > setup_deadline) {
      set_err("sandbox_start_timed_out");
      kill(pid, SIGKILL);
    }
    struct pollfd pf[2] = {{sp[0], POLLIN, 0}, {sfd, POLLIN, 0}};
    if (report_done) timeout_us = 2000;
    struct timespec wait_ts = {timeout_us / 1000000, (timeout_us % 1000000) * 1000};
    int np = report_done ? ppoll(pf + 1, 1, &wait_ts, NULL) : ppoll(pf, 2, &wait_ts, NULL);
    if (np < 0 && errno != EINTR) break;
    if (!report_done && (pf[0].revents & (POLLIN | POLLHUP))) read_status(sp[0]);
    struct signalfd_siginfo si;
    while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
      if (si.ssi_signo == SIGCHLD) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid) child_done = 1;
      } else if (si.ssi_signo != SIGPIPE && !killed_any) {
        killed = "signal";
        killed_any = 1;
        kill_cgroup();
        if (!start) kill(pid, SIGKILL);
      }
    }
    if (report_done && !child_done) {
      /* The program is done: nothing of it may outlive it (its init exits and takes the namespace). */
      kill_cgroup();
    }
  }
  /* The status may still sit in the pipe when the child's exit was seen first. */
  fcntl(sp[0], F_SETFL, O_NONBLOCK);
  while (!report_done && read_status(sp[0]) > 0) {
  }
  if (!end) end = now_ns();
  if (start) wall_ns = end - start;
  close(sp[0]);
  {
    kill_cgroup();
    long long used = read_cpu_ns(cpu_fd, cgv);
    if (used >= 0) cpu_ns = used;
    if (!killed_any && start && cpu_ns > cpu_limit_ns) killed = "cpu";
  }
  if (cgv == 1) {
    peak = read_ll_file(cg_dirs[1], "memory.max_usage_in_bytes", NULL);
    oom = read_ll_file(cg_dirs[1], "memory.oom_control", "oom_kill");
  } else {
    peak = read_ll_file(cg_dirs[1], "memory.peak", NULL);
    oom = read_ll_file(cg_dirs[1], "memory.events", "oom_kill");
  }
  if (!start && !errbuf[0] && !exec_err) set_err("program_never_started");

cleanup:
  cleanup_cgroups();
report:
  dprintf(result_fd, "exit=%lld cpu_ns=%lld wall_ns=%lld peak=%lld oom=%lld killed=%s execerr=%d err=%s\n", status,
          cpu_ns, wall_ns, peak, oom < 0 ? 0 : oom, killed, exec_err, errbuf[0] ? errbuf : "-");
  return 0;
}
