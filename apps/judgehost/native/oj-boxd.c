/*
 * oj-boxd: the root supervisor of one box session (docs/sandbox.md "Box sessions"). Started by the judgehost:
 *   oj-boxd --cgv 1|2 --cg-cpu PARENT --cg-mem PARENT --cg-pids PARENT --name NAME --uid N --gid N
 *           --root DIR --size BYTES --inodes N [--seccomp-file PATH [--agent-seccomp-file PATH]]
 *           [--cg-cpuset PARENT --cpus LIST [--mems LIST]]
 *           [--cg-cpuctl PARENT [--run-cpus N]]
 *           -- /usr/bin/bwrap ARGS...
 * It mounts a tmpfs (size=, nr_inodes=) on DIR (created here, must not exist) holding w/, tmp/, shm/ (root-owned,
 * mode 1777, bound into the box by ARGS) and out/ (root only: the run's stdout/stderr files), drops to uid/gid
 * (no groups, no new privileges, empty environment) and execs bubblewrap, whose pid 1 is oj-agent with a
 * SOCK_SEQPACKET socket on fd 3 (and the seccomp filter file, opened here, on fd 4: ARGS say `--seccomp 4`).
 * With --agent-seccomp-file, fd 4 is that file (the agent's own filter, which lets it make each run's fresh
 * namespaces) and the --seccomp-file one, the program runs' filter, is on fd 5 for the agent to load in each run.
 * With --cg-cpuset every run also gets a cpuset cgroup limited to --cpus (v1 also --mems): runs are pinned.
 * With --cg-cpuctl every run also gets a cgroup of the cpu controller (v2: the same dir): its processes are one
 * scheduling group of default weight, at most --run-cpus CPUs' time per period (set_cpu_share). On v1 a run's
 * memory limit is also its TCP buffer limit (memory.kmem.tcp.limit_in_bytes) and its peak= is the memory peak plus
 * the TCP buffers' peak (v2 counts them in memory.peak).
 * When the agent is up it prints "ready" on stdout.
 *
 * Then one request line on stdin per run, one result line on stdout (strings hex-encoded):
 *   run cpu=MS wall=MS mem=BYTES pids=N stack=BYTES fsize=BYTES nofile=N [in=PATH] [inname=NAME insrc=PATH]...
 *       [wdir=NAME] [of=NAME]... [ofcap=BYTES] [ocap=BYTES] [pof=NAME] [keep=1] arg=S... env=S...
 *   exit=<status|-1> cpu_ns= wall_ns= peak= oom= killed=none|cpu|wall|signal|output execerr= err=<text|-> out=<bytes>
 *       eout=<stderr bytes> pout=<bytes|-1> of=<v>,<v>...|- ipc=<objects removed> mv_ns=<the program's self-move into
 *       its cgroups, ns> fwait=<1: stopped at the wall limit while blocked reading its pof FIFO, else 0>
 * (of= per requested output file: bytes copied, or -1 missing, -2 a link, -3 a FIFO, -4 a dir, -5 other, -6 error)
 * A run gets fresh cgroup(s) <PARENT>/<NAME>-<n> (made ahead of time), stdin = PATH opened O_NOFOLLOW (a
 * regular file, read into the page cache and pinned there by this process first: not the run's memory) or
 * /dev/null; stdout and stderr are pipes this process drains into out/o, out/e (made O_EXCL|O_NOFOLLOW; at most
 * ocap + 1 and 64 KB kept; either passing ocap kills the run: killed=output), so the output's pages are charged to
 * this process, not to the run (issue 24); pof makes w/NAME a FIFO drained the same way into out/p (the file-IO
 * output: pout= its bytes, -1 when the program never opened it); each inname places a
 * root-owned 0444 copy of its insrc in w/; wdir makes a root-owned 0777 dir in w/; each of (a name in w/ or
 * "<dir>/<name>") is copied, no-follow and regular files only, to out/f0, out/f1, ... after the run. The result line is written once every process of the run is gone (the agent
 * reaped all and removed the SysV IPC objects); then w/, tmp/, shm/ are emptied without following links (w/ only
 * before the next run with keep=1: a compile, whose files the judgehost copies out of w/ meanwhile) and
 * the run's cgroups removed before the next request is read. SIGUSR1 cancels the running run. End of stdin
 * (or SIGTERM between runs) ends the session: the box, the cgroups and the tmpfs go.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "oj-boxd.h"
#include "oj-util.h"
#include "oj-boxd-io.h"

#define SUPERVISOR_NICE -10

static int cgv = 1;
#define MAX_FILES 32
#define N_ROLES 5
/* cpu accounting, memory, pids, cpuset, cpu bandwidth (v2: the same dir each time); the last two optional */
static const char *cg_parent[N_ROLES];
static int has_cpuset = 0, has_cpuctl = 0;
static int n_cg = 0;              /* distinct hierarchies */
static int cg_index[N_ROLES];     /* which distinct dir each role uses */
static char cg_dir[N_ROLES][2048]; /* the current run's dirs (distinct ones first n_cg) */
static long long run_cpus = 0;    /* CPU bandwidth of a run, in CPUs (cfs quota / cpu.max); 0: none */
static const char *cpus = NULL, *mems = "0", *seccomp_file = NULL;
static int seccomp_fd = -1;
static const char *agent_seccomp_file = NULL;
static int agent_seccomp_fd = -1;
static const char *name = "box", *root = NULL;
static long long tmp_size = 256LL << 20, inodes = 4096, ncpu = 1;
static long uid = -1, gid = -1;
static int sock = -1, sfd = -1, rootfd = -1, wfd = -1, tfd = -1, shfd = -1, outfd = -1;
static long run_no = 0;
static int cg_ready = 0, terminate = 0;
/* The last run asked (keep=1) that w/ stay as it left it until the next run: a compile, whose files the
 * judgehost copies out of w/ (no process of the box is alive then); emptied before the next run starts. */
static int w_kept = 0;
static pid_t bwrap_pid = -1;

#define CFS_PERIOD_US 100000
/*
 * A run's CPU share (issue 24): its processes are one group for the scheduler, however many there are (a
 * setsid() fork bomb weighs as much as one host process: default weight), and with run_cpus they get at most
 * that many CPUs' time per period (v1 cpu.cfs_quota_us, v2 cpu.max). Best effort: a parent whose own quota is
 * smaller refuses the child's (EINVAL), and the run goes on with the parent's. Returns 0.
 */
static int set_cpu_share(const char *dir) {
  char quota[64];
  snprintf(quota, sizeof quota, "%lld", run_cpus * CFS_PERIOD_US);
  if (cgv == 1) {
    write_file(dir, "cpu.shares", "1024");
    if (run_cpus > 0) write_file(dir, "cpu.cfs_quota_us", quota);
  } else {
    write_file(dir, "cpu.weight", "100");
    if (run_cpus > 0) {
      snprintf(quota + strlen(quota), sizeof quota - strlen(quota), " %d", CFS_PERIOD_US);
      write_file(dir, "cpu.max", quota);
    }
  }
  return 0;
}

/* "<dir>/<file>" in `buf`; returns `buf`. */
static char *path_of(char *buf, size_t size, const char *dir, const char *file) {
  snprintf(buf, size, "%s/%s", dir, file);
  return buf;
}

/* Makes the cgroup dirs of run `run_no + 1` ahead of time (swappiness set; limits come with the request). */
static int prepare_cgroups(void) {
  for (int d = 0; d < n_cg; d++) {
    snprintf(cg_dir[d], sizeof cg_dir[d], "%s/%s-%ld", cg_parent[d], name, run_no + 1);
    if (mkdir(cg_dir[d], 0755) != 0 && errno != EEXIST) {
      set_err("mkdir_%s:_%s", cg_dir[d], strerror(errno));
      return -1;
    }
  }
  if (cgv == 1) write_file(cg_dir[cg_index[1]], "memory.swappiness", "0");
  cg_ready = 1;
  if (has_cpuctl && set_cpu_share(cg_dir[cg_index[4]]) != 0) return -1;
  if (has_cpuset) {
    const char *pin = cg_dir[cg_index[3]];
    if ((cgv == 1 && write_file(pin, "cpuset.mems", mems) != 0) || write_file(pin, "cpuset.cpus", cpus) != 0) {
      set_err("cpuset_%s:_%s", cpus, strerror(errno));
      return -1;
    }
  }
  return 0;
}

/*
 * The file a run's process writes "0" to in order to join a run cgroup. v1: `tasks`, which moves the calling
 * thread only; for the current thread the kernel skips the cgroup threadgroup lock, whose write side can wait
 * for an RCU grace period (a 4-16 ms stall in ~1-2 % of runs with cgroup.procs). The process is single-threaded
 * there (just forked by the agent), so the thread is the whole process; its later threads and children are born
 * in the cgroup. v2 has no such file for domain cgroups: cgroup.procs.
 */
static const char *join_file(void) { return cgv == 1 ? "tasks" : "cgroup.procs"; }

/* SIGKILL to every process of the run's cgroup(s) (v2: cgroup.kill too); returns how many pids were listed. */
static int kill_cgroup(void) {
  if (cgv == 2) write_file(cg_dir[0], "cgroup.kill", "1");
  int count = 0;
  for (int d = 0; d < n_cg; d++) count += kill_listed(cg_dir[d]);
  return count;
}

static void remove_cgroups(void) {
  if (!cg_ready) return;
  for (int d = n_cg - 1; d >= 0; d--) {
    for (int i = 0; i < 200; i++) {
      if (rmdir(cg_dir[d]) == 0 || errno == ENOENT) break;
      kill_cgroup();
      usleep(i < 50 ? 200 : 2000);
    }
  }
  cg_ready = 0;
}

struct run_state {
  /* sampled: the highest memory.current seen while the run was polled (v2 kernels before 5.19 have no
   * memory.peak: the run's peak is then that, a lower bound; the OOM kill still enforces the limit) */
  long long status, start, end, cpu_ns, peak, oom, move, sampled;
  /* fifo_wait: stopped at the wall limit while blocked reading its output FIFO (reads_fifo) */
  int exec_err, exited, done, ipc, fifo_wait;
  const char *killed;
};

/* Reads the agent's messages; returns -1 when the socket closed. */
static int read_agent(struct run_state *rs) {
  char msg[128];
  for (;;) {
    ssize_t n = recv(sock, msg, sizeof msg - 1, MSG_DONTWAIT);
    if (n == 0) return -1;
    if (n < 0) return errno == EAGAIN || errno == EINTR ? 0 : -1;
    msg[n] = 0;
    if (msg[0] == 'S') {
      char *rest;
      rs->start = strtoll(msg + 2, &rest, 10);
      rs->move = atoll(rest);
      if (rs->start <= 0 || rs->start > now_ns()) rs->start = now_ns();
    } else if (msg[0] == 'X') {
      char *rest;
      rs->status = strtoll(msg + 2, &rest, 10);
      rs->end = atoll(rest);
      if (rs->end < rs->start || rs->end > now_ns()) rs->end = now_ns();
      rs->exited = 1;
    } else if (msg[0] == 'F') {
      rs->exec_err = atoi(msg + 2);
      rs->exited = 1;
    } else if (msg[0] == 'D') {
      rs->ipc = atoi(msg + 2);
      rs->done = 1;
    }
  }
}

/* Kept of stderr (the judgehost reads no more). */
#define STDERR_KEEP 65536

/* Drains the run's output pipes; kills the run once one of them passed `cap` (returns 1 then, else 0). */
static int drain_all(struct sink *sinks, int n, long long cap) {
  int over = 0;
  for (int i = 0; i < n; i++) {
    if (sinks[i].rd >= 0 && drain_sink(&sinks[i]) < 0) close_sink(&sinks[i]);
    if (sinks[i].total > cap) over = 1;
  }
  return over;
}

/* How often memory.current is sampled where the kernel keeps no memory.peak (v2 before Linux 5.19). */
#define MEM_SAMPLE_NS 2000000LL

/*
 * Polls CPU and wall until the agent reports the run over and reaped ("D"); kills on a limit, on SIGUSR1 or when
 * an output pipe passes `out_cap`; drains the output pipes (`sinks`) as soon as they hold anything.
 */
static int supervise(struct run_state *rs, long long cpu_ms, long long wall_ms, int cpu_fd, int mem_fd,
                     struct sink *sinks, int n_sinks, long long out_cap) {
  long long cpu_limit = cpu_ms * 1000000LL, wall_limit = wall_ms * 1000000LL;
  long long t0 = now_ns(), exited_at = 0;
  int killed_any = 0;
  while (!rs->done) {
    long long t = now_ns();
    long long wait_ns = 20000000LL;
    if (rs->start && !rs->exited) {
      long long used = read_cpu_ns(cpu_fd, cgv);
      if (used >= 0) rs->cpu_ns = used;
      long long current = read_fd_ll(mem_fd);
      if (current > rs->sampled) rs->sampled = current;
      if (!killed_any && rs->cpu_ns > cpu_limit) rs->killed = "cpu";
      else if (!killed_any && t - rs->start > wall_limit) {
        rs->killed = "wall";
        if (n_sinks > 2) rs->fifo_wait = reads_fifo(cg_dir[cg_index[2]], sinks[2].rd);
      }
      if (!killed_any && rs->killed[0] != 'n') {
        killed_any = 1;
        kill_cgroup();
      }
      /* Sleep no longer than the CPU left could last on all cores, nor past the wall limit. */
      long long cpu_left = (cpu_limit - rs->cpu_ns) / ncpu, wall_left = wall_limit - (t - rs->start);
      if (cpu_left < wait_ns) wait_ns = cpu_left;
      if (wall_left < wait_ns) wait_ns = wall_left;
      if (mem_fd >= 0 && wait_ns > MEM_SAMPLE_NS) wait_ns = MEM_SAMPLE_NS;
      if (wait_ns < 200000) wait_ns = 200000;
      if (killed_any) wait_ns = 2000000;
    } else if (rs->exited) {
      /* The program ended: nothing of it may outlive it; the agent reports D once all are reaped. */
      if (!exited_at) exited_at = t;
      kill_cgroup();
      wait_ns = 1000000;
      if (t - exited_at > 10000000000LL) return set_err("processes_of_the_run_do_not_die"), -1;
    } else if (t - t0 > 10000000000LL + wall_limit) {
      return set_err("the_box_did_not_start_the_program"), -1;
    }
    struct pollfd pf[2 + 3] = {{sock, POLLIN, 0}, {sfd, POLLIN, 0}};
    nfds_t npf = 2;
    for (int i = 0; i < n_sinks && i < 3; i++)
      if (sinks[i].rd >= 0) pf[npf++] = (struct pollfd){sinks[i].rd, POLLIN, 0};
    struct timespec ts = {wait_ns / 1000000000LL, wait_ns % 1000000000LL};
    if (ppoll(pf, npf, &ts, NULL) < 0 && errno != EINTR) return set_err("poll:_%s", strerror(errno)), -1;
    if (drain_all(sinks, n_sinks, out_cap) && !killed_any) {
      rs->killed = "output";
      killed_any = 1;
      kill_cgroup();
    }
    if (read_agent(rs) < 0) return set_err("the_box_agent_is_gone"), -1;
    struct signalfd_siginfo si;
    while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
      if (si.ssi_signo == SIGUSR1 && !killed_any) {
        rs->killed = "signal";
        killed_any = 1;
        kill_cgroup();
      } else if (si.ssi_signo != SIGUSR1 && si.ssi_signo != SIGCHLD && si.ssi_signo != SIGPIPE) {
        terminate = 1;
      }
    }
  }
  return 0;
}

/* Sends the request and the descriptors (stdin, stdout, stderr, cgroup.procs...) to the agent. */
static int send_request(struct agent_req *req, char **args, int nargs, int *fds, int nfds) {
  static char data[AGENT_MAX_MSG];
  size_t used = sizeof *req;
  memcpy(data, req, sizeof *req);
  for (int i = 0; i < nargs; i++) {
    size_t len = strlen(args[i]) + 1;
    if (used + len > sizeof data) return set_err("arguments_too_long"), -1;
    memcpy(data + used, args[i], len);
    used += len;
  }
  char control[CMSG_SPACE(sizeof(int) * (3 + AGENT_MAX_CG))];
  memset(control, 0, sizeof control);
  struct iovec iov = {data, used};
  struct msghdr msg = {0};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
  memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
  if (sendmsg(sock, &msg, MSG_NOSIGNAL) != (ssize_t)used) return set_err("send:_%s", strerror(errno)), -1;
  return 0;
}

/* One run: parses the request line, runs it, prints the result line. Returns -1 when the session is broken. */
static int handle_run(char *line) {
  static char *args[2 * 4096 + 2];
  int argc = 0, envc = 0;
  char *envs[4096];
  long long cpu_ms = 1000, wall_ms = 3000, mem = 256LL << 20, pids = 64, ofcap = 0, ocap = -1;
  struct agent_req req = {0};
  req.stack_bytes = 64LL << 20;
  req.fsize_bytes = 64LL << 20;
  req.nofile = 64;
  char *in = NULL, *inname[MAX_FILES], *insrc[MAX_FILES], *ofname[MAX_FILES], *wdir = NULL, *pof = NULL;
  int piped = 0, keep = 0, n_in = 0, n_src = 0, n_of = 0, too_many = 0;
  for (char *tok = strtok(line + 3, " \n"); tok; tok = strtok(NULL, " \n")) {
    char *v = strchr(tok, '=');
    if (!v) continue;
    *v++ = 0;
    if (!strcmp(tok, "cpu")) cpu_ms = atoll(v);
    else if (!strcmp(tok, "wall")) wall_ms = atoll(v);
    else if (!strcmp(tok, "mem")) mem = atoll(v);
    else if (!strcmp(tok, "pids")) pids = atoll(v);
    else if (!strcmp(tok, "stack")) req.stack_bytes = atoll(v);
    else if (!strcmp(tok, "fsize")) req.fsize_bytes = atoll(v);
    else if (!strcmp(tok, "nofile")) req.nofile = atoll(v);
    else if (!strcmp(tok, "ofcap")) ofcap = atoll(v);
    else if (!strcmp(tok, "ocap")) ocap = atoll(v);
    else if (!strcmp(tok, "in")) in = unhex(v);
    else if (!strcmp(tok, "inname")) n_in < MAX_FILES ? (void)(inname[n_in++] = unhex(v)) : (void)(too_many = 1);
    else if (!strcmp(tok, "insrc")) n_src < MAX_FILES ? (void)(insrc[n_src++] = unhex(v)) : (void)(too_many = 1);
    else if (!strcmp(tok, "of")) n_of < MAX_FILES ? (void)(ofname[n_of++] = unhex(v)) : (void)(too_many = 1);
    else if (!strcmp(tok, "wdir")) wdir = unhex(v);
    else if (!strcmp(tok, "pof")) pof = unhex(v);
    else if (!strcmp(tok, "pipe")) piped = atoi(v);
    else if (!strcmp(tok, "keep")) keep = atoi(v);
    else if (!strcmp(tok, "arg") && argc < 4096) args[argc++] = unhex(v);
    else if (!strcmp(tok, "env") && envc < 4096) envs[envc++] = unhex(v);
  }
  for (int i = 0; i < envc; i++) args[argc + i] = envs[i];
  if (ocap < 0) ocap = req.fsize_bytes;
  req.n_cg = n_cg;
  req.argc = argc;
  req.envc = envc;
  req.cpu_soft_s = (cpu_ms + 999) / 1000 + 1;
  errbuf[0] = 0;
  struct run_state rs = {.status = -1, .killed = "none"};
  int fds[3 + AGENT_MAX_CG], cpu_fd = -1, mem_fd = -1, broken = 0;
  for (int i = 0; i < 3 + AGENT_MAX_CG; i++) fds[i] = -1;
  long long of_bytes[MAX_FILES];
  struct sink sinks[3] = {{-1, -1, 0, 0}, {-1, -1, 0, 0}, {-1, -1, 0, 0}};
  int watch = -1, n_sinks = pof ? 3 : 2;
  struct pinned pin = {NULL, 0};
  char value[64];

  if (argc == 0) set_err("argv_is_empty");
  else if (too_many || n_in != n_src) set_err("bad_file_list");
  for (int f = 0; f < n_in; f++)
    if (!*inname[f] || strchr(inname[f], '/') || !strcmp(inname[f], ".") || !strcmp(inname[f], ".."))
      set_err("bad_file_name");
  if (wdir && (!*wdir || strchr(wdir, '/') || wdir[0] == '.')) set_err("bad_file_name");
  if (pof && (!*pof || strchr(pof, '/') || pof[0] == '.')) set_err("bad_file_name");
  for (int f = 0; f < n_of; f++) {
    of_bytes[f] = OF_ERROR;
    char *slash = strchr(ofname[f], '/');
    if (!*ofname[f] || ofname[f][0] == '.' || (slash && (strchr(slash + 1, '/') || slash[1] == 0 || slash[1] == '.')))
      set_err("bad_file_name");
  }
  if (!errbuf[0]) empty_dir(outfd);
  if (!errbuf[0] && w_kept) {
    if (empty_dir(wfd) != 0) return set_err("emptying_w"), -1;
    w_kept = 0;
  }
  if (!errbuf[0] && !cg_ready) prepare_cgroups();
  if (!errbuf[0]) {
    run_no++;
    const char *limits[][2] = {{cgv == 1 ? "memory.limit_in_bytes" : "memory.max", NULL},
                               {cgv == 1 ? "memory.memsw.limit_in_bytes" : "memory.swap.max", NULL}};
    snprintf(value, sizeof value, "%lld", mem);
    if (write_file(cg_dir[cg_index[1]], limits[0][0], value) != 0) set_err("memory_limit:_%s", strerror(errno));
    write_file(cg_dir[cg_index[1]], limits[1][0], cgv == 1 ? value : "0"); /* absent without swap accounting */
    /* v1 charges socket buffers apart, only under a limit of their own (v2 counts them in memory.current):
     * without it two processes pumping a loopback TCP connection grow host TCP memory unbounded (issue 24). */
    if (cgv == 1 && write_file(cg_dir[cg_index[1]], "memory.kmem.tcp.limit_in_bytes", value) != 0 && errno != ENOENT)
      set_err("memory.kmem.tcp.limit_in_bytes:_%s", strerror(errno));
    if (cgv == 2) write_file(cg_dir[0], "memory.oom.group", "1");
    snprintf(value, sizeof value, "%lld", pids);
    if (write_file(cg_dir[cg_index[2]], "pids.max", value) != 0) set_err("pids.max:_%s", strerror(errno));
    char path[sizeof cg_dir[0] + 32];
    snprintf(path, sizeof path, "%s/%s", cg_dir[cg_index[0]], cgv == 1 ? "cpuacct.usage" : "cpu.stat");
    cpu_fd = open(path, O_RDONLY | O_CLOEXEC);
    if (cpu_fd < 0) set_err("open_%s:_%s", path, strerror(errno));
    /* v2 without memory.peak (kernels before 5.19, e.g. Ubuntu 22.04's 5.15): the peak is sampled instead */
    if (cgv == 2 && faccessat(AT_FDCWD, path_of(path, sizeof path, cg_dir[cg_index[1]], "memory.peak"), F_OK, 0) != 0)
      mem_fd = open(path_of(path, sizeof path, cg_dir[cg_index[1]], "memory.current"), O_RDONLY | O_CLOEXEC);
    for (int d = 0; d < n_cg; d++) {
      snprintf(path, sizeof path, "%.2040s/%s", cg_dir[d], join_file());
      fds[3 + d] = open(path, O_WRONLY | O_CLOEXEC);
      if (fds[3 + d] < 0) set_err("open_%s:_%s", path, strerror(errno));
    }
  }
  if (!errbuf[0] && piped) pair_handshake(outfd, fds);
  else if (!errbuf[0]) fds[0] = in ? open_input(in) : open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (!errbuf[0] && in && !piped) pin_input(fds[0], &pin);
  if (!errbuf[0]) {
    const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    if (!piped) fds[1] = open_sink(&sinks[0], openat(outfd, "o", flags, 0600), ocap + 1);
    fds[2] = open_sink(&sinks[1], openat(outfd, "e", flags, 0600), STDERR_KEEP);
    if (fds[1] < 0 || fds[2] < 0) set_err("output_files:_%s", strerror(errno));
  }
  for (int f = 0; f < n_in && !errbuf[0]; f++) place_input(wfd, inname[f], insrc[f]);
  if (!errbuf[0] && wdir) make_writable_dir(wfd, wdir);
  if (!errbuf[0] && pof) make_output_fifo(wfd, outfd, pof, ocap + 1, &sinks[2], &watch);
  if (!errbuf[0] && send_request(&req, args, argc + envc, fds, 3 + n_cg) == 0) {
    /* The agent holds them now: pipes must see their other end close as soon as the program's do. */
    for (int i = 0; i < 3 + AGENT_MAX_CG; i++) fds[i] = (fds[i] >= 0 ? close(fds[i]) : 0, -1);
    if (supervise(&rs, cpu_ms, wall_ms, cpu_fd, mem_fd, sinks, n_sinks, ocap) != 0) broken = 1;
  }
  /* Every process of the run is gone: what is left in the pipes is the end of the output (never blocks: a
   * write end that outlived the run, held in flight somewhere, just leaves the rest unread). */
  drain_all(sinks, n_sinks, ocap);
  long long pout = fifo_opened(watch) ? sinks[2].total : -1;
  if (watch >= 0) close(watch);
  unpin_input(&pin);
  if (rs.start || rs.exec_err) {
    kill_cgroup();
    long long used = read_cpu_ns(cpu_fd, cgv);
    if (used >= 0) rs.cpu_ns = used;
    if (rs.killed[0] == 'n' && rs.start && rs.cpu_ns > cpu_ms * 1000000LL) rs.killed = "cpu";
    const char *mdir = cg_dir[cg_index[1]];
    rs.peak = read_ll_file(mdir, cgv == 1 ? "memory.max_usage_in_bytes" : "memory.peak", NULL);
    if (rs.peak < 0 && mem_fd >= 0) {
      long long current = read_fd_ll(mem_fd);
      rs.peak = current > rs.sampled ? current : rs.sampled;
    }
    /* v1 keeps socket buffers out of memory.usage: the run's memory is both (v2's memory.peak counts them) */
    long long tcp = cgv == 1 ? read_ll_file(mdir, "memory.kmem.tcp.max_usage_in_bytes", NULL) : -1;
    if (tcp > 0 && rs.peak >= 0) rs.peak += tcp;
    rs.oom = read_ll_file(mdir, cgv == 1 ? "memory.oom_control" : "memory.events", "oom_kill");
    for (int f = 0; f < n_of && !broken; f++) of_bytes[f] = copy_output_file(wfd, outfd, ofname[f], f, ofcap);
  }
  if (!rs.start && !errbuf[0] && !rs.exec_err) set_err("program_never_started");
  for (int i = 0; i < 3 + AGENT_MAX_CG; i++)
    if (fds[i] >= 0) close(fds[i]);
  if (cpu_fd >= 0) close(cpu_fd);
  if (mem_fd >= 0) close(mem_fd);
  close_sink(&sinks[0]);
  close_sink(&sinks[1]);
  close_sink(&sinks[2]);
  char of_list[MAX_FILES * 24 + 2] = "-";
  for (int f = 0, used = 0; f < n_of; f++)
    used += snprintf(of_list + used, sizeof of_list - (size_t)used, "%s%lld", f ? "," : "", of_bytes[f]);
  printf("exit=%lld cpu_ns=%lld wall_ns=%lld peak=%lld oom=%lld killed=%s execerr=%d err=%s out=%lld eout=%lld "
         "pout=%lld of=%s ipc=%d mv_ns=%lld fwait=%d\n",
         rs.status, rs.cpu_ns, rs.start && rs.end ? rs.end - rs.start : 0, rs.peak < 0 ? 0 : rs.peak,
         rs.oom < 0 ? 0 : rs.oom, rs.killed, rs.exec_err, errbuf[0] ? errbuf : "-", sinks[0].total, sinks[1].total,
         pof ? pout : -1, of_list, rs.ipc, rs.move, rs.fifo_wait);
  fflush(stdout);
  /* Out of the judgehost's way: nothing of the run is alive; clear what it left before the next request. */
  if (broken) return -1;
  w_kept = keep && !errbuf[0];
  int left = (w_kept ? 0 : empty_dir(wfd)) | empty_dir(tfd) | empty_dir(shfd);
  remove_cgroups();
  errbuf[0] = 0;
  if (left != 0 || prepare_cgroups() != 0) return -1;
  return 0;
}

/* Unprivileged uid, no groups, no new privileges, empty environment: exec bubblewrap with the socket on fd 3. */
static void exec_box(int agent_end, char **cmd) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  int hi = fcntl(agent_end, F_DUPFD, 100);
  int hi_seccomp = seccomp_fd >= 0 ? fcntl(seccomp_fd, F_DUPFD, 100) : -1;
  int hi_agent = agent_seccomp_fd >= 0 ? fcntl(agent_seccomp_fd, F_DUPFD, 100) : -1;
  int null = open("/dev/null", O_RDWR);
  if (hi < 0 || null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(hi, 3) < 0) _exit(126);
  /* the filter file on fd 4, where the command line's `--seccomp 4` expects it (bubblewrap loads it); with an
   * agent filter that one is on 4 and the program runs' on 5, read by the agent */
  int first_free = 4;
  if (agent_seccomp_fd >= 0) {
    if (hi_agent < 0 || hi_seccomp < 0 || dup2(hi_agent, 4) < 0 || dup2(hi_seccomp, 5) < 0) _exit(126);
    first_free = 6;
  } else if (seccomp_fd >= 0) {
    if (hi_seccomp < 0 || dup2(hi_seccomp, 4) < 0) _exit(126);
    first_free = 5;
  }
  syscall(SYS_close_range, first_free, ~0U, 0);
  setpriority(PRIO_PROCESS, 0, 0); /* the box runs at normal priority, not the supervisor's */
  if (setgroups(0, NULL) != 0 || setresgid((gid_t)gid, (gid_t)gid, (gid_t)gid) != 0 ||
      setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    _exit(126);
  if (getuid() == 0 || geteuid() == 0) _exit(126);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  char *envp[] = {NULL};
  execve(cmd[0], cmd, envp);
  _exit(126);
}

static int make_dir(const char *sub, mode_t mode) {
  if (mkdirat(rootfd, sub, 0700) != 0) return -1;
  int fd = openat(rootfd, sub, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) fchmod(fd, mode);
  return fd;
}

/* Mounts the session tmpfs and makes its dirs, starts the box, waits for the agent's "R". */
static int start_session(char **cmd) {
  char opts[128];
  snprintf(opts, sizeof opts, "size=%lld,nr_inodes=%lld,mode=0711", tmp_size, inodes);
  if (mkdir(root, 0711) != 0) return set_err("mkdir_%s:_%s", root, strerror(errno)), -1;
  if (mount("oj-box", root, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0)
    return set_err("mount_tmpfs:_%s", strerror(errno)), -1;
  rootfd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  wfd = make_dir("w", 01777);
  tfd = make_dir("tmp", 01777);
  shfd = make_dir("shm", 01777);
  outfd = make_dir("out", 0700);
  if (rootfd < 0 || wfd < 0 || tfd < 0 || shfd < 0 || outfd < 0)
    return set_err("session_dirs:_%s", strerror(errno)), -1;
  if (prepare_cgroups() != 0) return -1;
  if (seccomp_file && (seccomp_fd = open(seccomp_file, O_RDONLY | O_CLOEXEC)) < 0)
    return set_err("open_%s:_%s", seccomp_file, strerror(errno)), -1;
  if (agent_seccomp_file && (!seccomp_file || (agent_seccomp_fd = open(agent_seccomp_file, O_RDONLY | O_CLOEXEC)) < 0))
    return set_err("open_%s:_%s", agent_seccomp_file, strerror(errno)), -1;
  int sp[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) != 0) return set_err("socketpair"), -1;
  bwrap_pid = fork();
  if (bwrap_pid < 0) return set_err("fork:_%s", strerror(errno)), -1;
  if (bwrap_pid == 0) exec_box(sp[1], cmd);
  close(sp[1]);
  if (seccomp_fd >= 0) close(seccomp_fd);
  if (agent_seccomp_fd >= 0) close(agent_seccomp_fd);
  seccomp_fd = agent_seccomp_fd = -1;
  sock = sp[0];
  struct pollfd pf = {sock, POLLIN, 0};
  char msg[16];
  if (poll(&pf, 1, 10000) != 1 || recv(sock, msg, sizeof msg, 0) < 1 || msg[0] != 'R')
    return set_err("the_box_did_not_start_(see_stderr)"), -1;
  return 0;
}

static void end_session(void) {
  if (sock >= 0) close(sock); /* the agent exits, its pid namespace dies, bubblewrap exits */
  if (bwrap_pid > 0) {
    for (int i = 0; i < 400 && waitpid(bwrap_pid, NULL, WNOHANG) == 0; i++) usleep(5000);
    kill(bwrap_pid, SIGKILL);
    waitpid(bwrap_pid, NULL, 0);
  }
  if (n_cg) remove_cgroups();
  if (rootfd >= 0) umount2(root, MNT_DETACH);
  if (root) rmdir(root);
}

int main(int argc, char **argv) {
  int i = 1;
  for (; i + 1 < argc && strcmp(argv[i], "--") != 0; i += 2) {
    const char *a = argv[i], *v = argv[i + 1];
    if (!strcmp(a, "--cgv")) cgv = atoi(v);
    else if (!strcmp(a, "--cg-cpu")) cg_parent[0] = v;
    else if (!strcmp(a, "--cg-mem")) cg_parent[1] = v;
    else if (!strcmp(a, "--cg-pids")) cg_parent[2] = v;
    else if (!strcmp(a, "--name")) name = v;
    else if (!strcmp(a, "--uid")) uid = atol(v);
    else if (!strcmp(a, "--gid")) gid = atol(v);
    else if (!strcmp(a, "--root")) root = v;
    else if (!strcmp(a, "--size")) tmp_size = atoll(v);
    else if (!strcmp(a, "--inodes")) inodes = atoll(v);
    else if (!strcmp(a, "--seccomp-file")) seccomp_file = v;
    else if (!strcmp(a, "--agent-seccomp-file")) agent_seccomp_file = v;
    else if (!strcmp(a, "--cg-cpuset")) cg_parent[3] = v;
    else if (!strcmp(a, "--cg-cpuctl")) cg_parent[4] = v;
    else if (!strcmp(a, "--run-cpus")) run_cpus = atoll(v);
    else if (!strcmp(a, "--cpus")) cpus = v;
    else if (!strcmp(a, "--mems")) mems = v;
    else return fprintf(stderr, "oj-boxd: unknown option %s\n", a), 2;
  }
  if (i + 1 >= argc || !cg_parent[0] || !cg_parent[1] || !cg_parent[2] || !root || uid <= 0 || gid <= 0 ||
      (cg_parent[3] && !cpus))
    return fprintf(stderr, "oj-boxd: missing cgroups, root, uid/gid (non-root), --cpus or command\n"), 2;
  has_cpuset = cg_parent[3] != NULL;
  has_cpuctl = cg_parent[4] != NULL;
  for (int r = 0; r < N_ROLES; r++) {
    cg_index[r] = -1;
    if (!cg_parent[r]) continue;
    for (int d = 0; d < n_cg; d++)
      if (!strcmp(cg_parent[d], cg_parent[r])) cg_index[r] = d;
    if (cg_index[r] < 0) {
      cg_parent[n_cg] = cg_parent[r];
      cg_index[r] = n_cg++;
    }
  }
  /* Waking on time matters more for the supervisor (it sleeps between polls) than for anything it watches. */
  setpriority(PRIO_PROCESS, 0, SUPERVISOR_NICE);
  ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;
  struct rlimit nofile = {inodes + 256, inodes + 256}; /* emptying a deep tree holds one fd per level */
  setrlimit(RLIMIT_NOFILE, &nofile);
  sigset_t mask;
  sigemptyset(&mask);
  int sigs[] = {SIGCHLD, SIGUSR1, SIGTERM, SIGINT, SIGHUP, SIGPIPE};
  for (unsigned s = 0; s < sizeof sigs / sizeof sigs[0]; s++) sigaddset(&mask, sigs[s]);
  sigprocmask(SIG_BLOCK, &mask, NULL);
  sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
  if (start_session(argv + i + 1) != 0) {
    printf("failed err=%s\n", errbuf);
    fflush(stdout);
    end_session();
    return 1;
  }
  printf("ready\n");
  fflush(stdout);
  char *line;
  while (!terminate && expect_line("", &line) == 0) {
    if (strncmp(line, "run ", 4) != 0) continue;
    char *copy = strdup(line); /* the handshake of an interactive run reads more lines */
    int rc = copy ? handle_run(copy) : -1;
    free(copy);
    if (rc != 0) break;
  }
  end_session();
  return 0;
}
