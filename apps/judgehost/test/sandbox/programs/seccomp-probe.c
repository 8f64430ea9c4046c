/*
 * Seccomp probe: tries each call the sandbox's filter refuses and prints "<name> <errno>" (0 = it succeeded).
 * Arguments are chosen so that, without the filter, the kernel answers something else than the filter's errno
 * (EFAULT for a bad pointer, EBADF, EINVAL, ESRCH, success, or ENOSYS where this kernel lacks the call); calls
 * marked "cap" are refused with EPERM for want of a capability before any argument is looked at.
 * The last line is the Seccomp field of /proc/self/status (2 = filtered).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BAD ((long)1) /* an unmapped user address */

static void p(const char *name, long r) { printf("%s %d\n", name, r < 0 ? errno : 0); }
#define T(name, ...) p(#name, syscall(SYS_##name, __VA_ARGS__))
#define NEW(flag) p("clone_" #flag, syscall(SYS_clone, CLONE_##flag | CLONE_THREAD, 0, 0, 0, 0))

/* A 32-bit (i386) system call through int 0x80; returns -errno or the result. */
static long int80(long nr) {
  long ret;
  __asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr) : "memory");
  return ret;
}

int main(void) {
  T(io_uring_setup, 1, BAD);
  T(io_uring_enter, -1, 0, 0, 0, 0, 0);
  T(io_uring_register, -1, 0, 0, 0);
  T(userfaultfd, 1 /* UFFD_USER_MODE_ONLY: allowed unprivileged */);
  T(keyctl, 9999, 0, 0, 0, 0);
  T(add_key, BAD, BAD, 0, 0, 0);
  T(request_key, BAD, BAD, 0, 0);
  T(bpf, 9999, 0, 0);
  T(perf_event_open, BAD, 0, -1, -1, 0);
  T(mount, BAD, BAD, BAD, 0, 0);
  T(umount2, BAD, 0xffff);
  T(pivot_root, BAD, BAD);
  T(chroot, BAD);
  T(move_mount, -1, BAD, -1, BAD, 0xffffffff);
  T(open_tree, -1, BAD, 0xffffffff);
  T(fsopen, BAD, 0xffffffff);
  T(fsmount, -1, 0xffffffff, 0);
  T(fsconfig, -1, 9999, 0, 0, 0);
  T(fspick, -1, BAD, 0xffffffff);
  T(mount_setattr, -1, BAD, 0xffffffff, BAD, 0);
  T(unshare, 1);
  T(setns, -1, 0);
  NEW(NEWNS);
  NEW(NEWUSER);
  NEW(NEWPID);
  NEW(NEWNET);
  NEW(NEWUTS);
  NEW(NEWIPC);
  NEW(NEWCGROUP);
  T(clone3, 0, 0);
  T(ptrace, 2 /* PTRACE_PEEKDATA */, 999999, 0, 0);
  T(process_vm_readv, 999999, 0, 0, 0, 0, 0);
  T(process_vm_writev, 999999, 0, 0, 0, 0, 0);
  T(kexec_load, 0, 0, 0, 0xffffffff);
  T(kexec_file_load, -1, -1, 0, 0, 0xffffffff);
  T(init_module, BAD, 0, BAD);
  T(finit_module, -1, 0, 0xffffffff);
  T(delete_module, BAD, 0);
  T(reboot, 0, 0, 0, 0);   /* cap */
  T(swapon, BAD, 0);       /* cap */
  T(swapoff, BAD);         /* cap */
  T(acct, BAD);            /* cap */
  T(settimeofday, BAD, 0);
  T(clock_settime, 9999, BAD);
  T(clock_adjtime, 9999, BAD);
  T(adjtimex, BAD);
  T(syslog, 10 /* SYSLOG_ACTION_SIZE_BUFFER */, 0, 0);
  T(open_by_handle_at, -1, BAD, 0);
  T(name_to_handle_at, -1, BAD, BAD, BAD, 0xffffffff);
  T(quotactl, 0, BAD, 0, 0);
  T(lookup_dcookie, 0, 0, 0);
  T(vhangup, 0);           /* cap */
  p("personality_bsd", syscall(SYS_personality, 6 /* PER_BSD */));
  T(fanotify_init, 0x200 /* FAN_REPORT_FID: allowed unprivileged */, 0);
  T(iopl, 9);
  T(ioperm, 0, 0, 1);
  T(pidfd_getfd, -1, 0, 0);
  T(process_madvise, -1, 0, 0, 0, 0);
  T(kcmp, 999999, 999999, 0, 0, 0);
  T(modify_ldt, 9999, 0, 0);
  p("socket_vsock", syscall(SYS_socket, 40 /* AF_VSOCK: reaches a VM's host past the network namespace */, 1, 0));
  long r = int80(20 /* i386 getpid */);
  printf("i386_getpid %ld\n", r < 0 ? -r : 0);
  p("x32_getpid", syscall(0x40000000 | SYS_getpid));
  /* What must keep working: the personality query, a plain fork, a thread-style clone. */
  p("personality_query", syscall(SYS_personality, 0xffffffff));
  p("personality_linux", syscall(SYS_personality, 0));
  pid_t child = fork();
  if (child == 0) _exit(0);
  p("fork", child);
  FILE *status = fopen("/proc/self/status", "r");
  char line[256];
  while (status && fgets(line, sizeof line, status))
    if (strncmp(line, "Seccomp:", 8) == 0) printf("seccomp %d\n", atoi(line + 8));
  return 0;
}
