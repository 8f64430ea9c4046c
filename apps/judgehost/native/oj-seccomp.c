/*
 * oj-seccomp: writes the sandbox's seccomp filter (a classic BPF program, as bubblewrap's --seccomp FD expects it)
 * to stdout. Built with libseccomp; run once per source version by the judgehost (sandbox/native.ts), which keeps
 * the output in a root-owned file that the supervisor hands to bubblewrap for every run.
 *
 * A deny-list: everything is allowed except the calls below, which fail with an errno (the program goes on and
 * sees the error). ENOSYS where a runtime must fall back to an older call (glibc's clone3 -> clone, libuv's
 * io_uring -> epoll); EPERM elsewhere. Only the native x86-64 (or the build's native) ABI is allowed: system calls
 * through the i386 entry (int 0x80) or the x32 ABI fail with ENOSYS (libseccomp's bad-architecture action).
 * docs/sandbox.md explains why each group is there.
 *
 * Calls that act on another process by pid (rlimits, nice, scheduling, I/O priority) never reach pid 1: the box's
 * pid 1 (oj-agent, oj-init) runs as the program's uid, and lowering its limits or its priority would break or slow
 * every later run of the box (issue 24). The nice value and I/O priority also only per process (a process group
 * or the whole uid would include pid 1). A program's own processes and threads stay its business (Mono sets
 * its threads' scheduling by tid). `oj-seccomp --no-locks` writes the filter
 * of the program runs (box sessions), which also refuses file locks (flock, fcntl F_SETLK/F_SETLKW and their OFD
 * forms: ENOLCK): a lock on a file every box shares (/usr, /etc) is a channel between concurrent runs. Compiles
 * keep them (go build locks its cache in the box's own /tmp). It also refuses sockets of every family but
 * AF_UNIX (EPERM): the runs of a session share its network namespace (a fresh one per run costs several ms of
 * the kernel's time to tear down), so a TCP connection left in TIME_WAIT, a port in use or a packet counter
 * would carry a signal from one case to the next (issue 24); as in isolate's box, whose loopback is down, a
 * program has no network. `oj-seccomp --agent` writes the filter of a box session's pid 1 (oj-agent): the
 * one-shot filter (locks and sockets allowed: it lies under a compile session's runs too) with `mount` and
 * `clone` with CLONE_NEWPID or CLONE_NEWNS allowed, which the agent
 * needs to give every run a fresh pid and mount namespace with its own /proc; each run's init loads the program
 * runs' filter on top before the program starts (filters stack: the program gets both, so it can do neither).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

/* Kernel interfaces a program never needs and that carry most kernel attack surface or touch the host. */
static const char *const refused[] = {
    /* asynchronous I/O rings, page-fault handling in user space, kernel keyrings, eBPF, perf counters */
    "userfaultfd", "keyctl", "add_key", "request_key", "bpf", "perf_event_open",
    /* mounts and namespaces (the box's own are set up before the filter applies) */
    "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsmount", "fsconfig",
    "fspick", "mount_setattr", "unshare", "setns",
    /* looking into or driving other processes */
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "process_madvise", "kcmp",
    /* the machine: kernel images and modules, reboot, swap, accounting, clocks, the kernel log, quotas */
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "create_module", "reboot",
    "swapon", "swapoff", "acct", "settimeofday", "stime", "clock_settime", "clock_adjtime", "adjtimex", "syslog",
    "quotactl", "quotactl_fd", "lookup_dcookie", "vhangup", "nfsservctl", "uselib", "_sysctl",
    /* file handles (bypass path checks), whole-filesystem notification */
    "open_by_handle_at", "name_to_handle_at", "fanotify_init",
    /* raw I/O ports, the local descriptor table */
    "iopl", "ioperm", "modify_ldt",
};

/* Refused with ENOSYS so that callers fall back to the older interface. */
static const char *const fallback[] = {"io_uring_setup", "io_uring_enter", "io_uring_register", "clone3"};

/* clone() creating a namespace: each flag is one rule (libseccomp ORs rules, ANDs a rule's conditions). */
static const unsigned long clone_new[] = {CLONE_NEWNS,  CLONE_NEWUSER, CLONE_NEWPID,   CLONE_NEWNET,
                                          CLONE_NEWUTS, CLONE_NEWIPC,  CLONE_NEWCGROUP};

static void check(int rc, const char *what) {
  if (rc < 0) {
    fprintf(stderr, "oj-seccomp: %s: %s\n", what, strerror(-rc));
    exit(1);
  }
}

/* What the agent's filter lets through (see the header); every other filter refuses them. */
static const char *const agent_only[] = {"mount"};
static const unsigned long agent_clone = CLONE_NEWPID | CLONE_NEWNS;
static int agent = 0;

static void deny(scmp_filter_ctx ctx, const char *name, int err) {
  if (agent)
    for (size_t i = 0; i < sizeof agent_only / sizeof *agent_only; i++)
      if (!strcmp(name, agent_only[i])) return;
  int nr = seccomp_syscall_resolve_name(name);
  if (nr == __NR_SCMP_ERROR) return; /* not a call of this architecture */
  check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(err), nr, 0), name);
}

/* `name` refused (EPERM) when its argument `arg` (0 or 1: a pid, 32 bits) is 1, the box's pid 1. */
static void not_init(scmp_filter_ctx ctx, const char *name, unsigned arg) {
  int nr = seccomp_syscall_resolve_name(name);
  if (nr == __NR_SCMP_ERROR) return;
  struct scmp_arg_cmp init = arg == 0 ? SCMP_A0_32(SCMP_CMP_EQ, 1) : SCMP_A1_32(SCMP_CMP_EQ, 1);
  check(seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1, &init), name);
}

/* IOPRIO_WHO_PROCESS of ioprio_set (linux/ioprio.h, not always installed) */
#define OJ_IOPRIO_WHO_PROCESS 1

int main(int argc, char **argv) {
  agent = argc > 1 && !strcmp(argv[1], "--agent");
  /* The agent's filter lies under every run's, whichever the session gives (a compile session keeps locks and
   * sockets), so it refuses no more than the one-shot filter. */
  int no_locks = argc > 1 && !strcmp(argv[1], "--no-locks");
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) {
    fprintf(stderr, "oj-seccomp: seccomp_init failed\n");
    return 1;
  }
  /* A binary tree over the call numbers instead of a linear chain (the kernel also caches always-allowed calls). */
  check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2), "optimize");
  /* Any other ABI (i386 int 0x80, x32) gets ENOSYS instead of reaching the kernel unfiltered. */
  check(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ERRNO(ENOSYS)), "badarch");
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) deny(ctx, refused[i], EPERM);
  for (size_t i = 0; i < sizeof fallback / sizeof *fallback; i++) deny(ctx, fallback[i], ENOSYS);
  for (size_t i = 0; i < sizeof clone_new / sizeof *clone_new; i++) {
    unsigned long flag = clone_new[i];
    if (agent && (flag & agent_clone)) continue;
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0_64(SCMP_CMP_MASKED_EQ, flag, flag)),
          "clone");
  }
  /* AF_VSOCK sockets are not confined by the network namespace: they reach the hypervisor's host (a VM's
   * vsock services) from inside the box. */
  check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, SCMP_A0_32(SCMP_CMP_EQ, AF_VSOCK)),
        "socket");
  /* personality(): only the query (0xffffffff) and the default PER_LINUX (0) (no READ_IMPLIES_EXEC, no
   * ADDR_NO_RANDOMIZE, ...); on the low 32 bits, the kernel's own width. libseccomp allows one comparison per
   * argument in a rule, so "neither 0 nor all ones" is the union of: bit 31 clear and some bit k < 31 set, or
   * bit 31 set and some bit k < 31 clear. */
  for (int k = 0; k < 31; k++) {
    unsigned long mask = (1UL << k) | (1UL << 31);
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(personality), 1,
                           SCMP_A0_32(SCMP_CMP_MASKED_EQ, mask, 1UL << k)),
          "personality");
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(personality), 1,
                           SCMP_A0_32(SCMP_CMP_MASKED_EQ, mask, 1UL << 31)),
          "personality");
  }
  /* pid 1's limits, nice value, scheduling or I/O priority: never (per process only for the last two). */
  not_init(ctx, "prlimit64", 0);
  not_init(ctx, "sched_setscheduler", 0);
  not_init(ctx, "sched_setparam", 0);
  not_init(ctx, "sched_setattr", 0);
  not_init(ctx, "sched_setaffinity", 0);
  not_init(ctx, "setpriority", 1);
  check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(setpriority), 1, SCMP_A0_32(SCMP_CMP_NE, PRIO_PROCESS)),
        "setpriority");
  not_init(ctx, "ioprio_set", 1);
  check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioprio_set), 1,
                         SCMP_A0_32(SCMP_CMP_NE, OJ_IOPRIO_WHO_PROCESS)),
        "ioprio_set");
  if (no_locks) {
    deny(ctx, "flock", ENOLCK);
    const int lock_cmds[] = {F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW};
    for (size_t i = 0; i < sizeof lock_cmds / sizeof *lock_cmds; i++)
      check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), SCMP_SYS(fcntl), 1,
                             SCMP_A1_32(SCMP_CMP_EQ, (unsigned)lock_cmds[i])),
            "fcntl");
    check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, SCMP_A0_32(SCMP_CMP_NE, AF_UNIX)),
          "socket");
  }
  check(seccomp_export_bpf(ctx, STDOUT_FILENO), "export");
  seccomp_release(ctx);
  return 0;
}
