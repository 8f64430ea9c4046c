/* Files and lines of oj-boxd (included once, by oj-boxd.c): inputs, output files, the pair handshake. */
#ifndef OJ_BOXD_IO_H
#define OJ_BOXD_IO_H
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "oj-util.h"

/* Opens a root-only input file: no symlink as the last component, a regular file, blocking reads. */
static int open_input(const char *path) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    set_err("input_%s:_%s", path, fd < 0 ? strerror(errno) : "not_a_regular_file");
    if (fd >= 0) close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, 0);
  return fd;
}

/*
 * A stdin file read into the page cache by the supervisor (outside the run's cgroup) and pinned there for the
 * run: a read-only shared mapping, mlock'd (root may lock any amount). The program's reads then find every page
 * cached, and page cache is charged to whoever brought it in, so a cold input costs the program's memory
 * nothing, as a warm one (issue 24). Best effort: without the lock the pages are still read in, only not pinned.
 */
struct pinned {
  void *addr;
  size_t len;
};

static void pin_input(int fd, struct pinned *p) {
  struct stat st;
  p->addr = NULL;
  p->len = 0;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return;
  void *addr = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) return;
#ifdef MADV_POPULATE_READ
  if (mlock(addr, (size_t)st.st_size) != 0) madvise(addr, (size_t)st.st_size, MADV_POPULATE_READ);
#else
  if (mlock(addr, (size_t)st.st_size) != 0) madvise(addr, (size_t)st.st_size, MADV_WILLNEED);
#endif
  p->addr = addr;
  p->len = (size_t)st.st_size;
}

static void unpin_input(struct pinned *p) {
  if (p->addr) munmap(p->addr, p->len);
  p->addr = NULL;
}

/*
 * A pipe the run writes (its stdout or stderr), drained by the supervisor into a root-only file of the session
 * tmpfs. The supervisor writes the file, so its pages are charged to the supervisor's cgroup, never to the run's:
 * a program's output is not its memory (issue 24; DOMjudge's runguard does the same). At most `keep` bytes are
 * kept, the rest is read and dropped; `total` counts everything the run wrote.
 */
struct sink {
  int rd;          /* read end (non-blocking), -1 once closed */
  int file;        /* out/o or out/e */
  long long keep;  /* bytes kept in the file at most */
  long long total; /* bytes the run wrote */
};

/* Moves what the pipe holds into the file (splice, in the kernel), at most 16 MB per call so that the caller
 * keeps polling its limits. Returns 1 at end of file (the read end is then closed), 0 when the pipe is empty
 * or the 16 MB are moved, -1 on an error. */
static int drain_sink(struct sink *s) {
  static char dropped[65536];
  long long moved = 0;
  while (s->rd >= 0 && moved < (16LL << 20)) {
    ssize_t n;
    if (s->total < s->keep) {
      long long want = s->keep - s->total;
      n = splice(s->rd, NULL, s->file, NULL, (size_t)(want < (1 << 20) ? want : (1 << 20)), SPLICE_F_NONBLOCK);
    } else {
      n = read(s->rd, dropped, sizeof dropped);
    }
    if (n > 0) {
      s->total += n;
      moved += n;
    } else if (n == 0) {
      close(s->rd);
      s->rd = -1;
      return 1;
    } else if (errno != EINTR) {
      return errno == EAGAIN ? 0 : -1;
    }
  }
  return 0;
}

/* Makes the pipe of a sink: the write end goes to the program (via the agent), the read end stays here. */
static int open_sink(struct sink *s, int file, long long keep) {
  int p[2];
  s->rd = -1;
  s->file = file;
  s->keep = keep;
  s->total = 0;
  if (file < 0 || pipe2(p, O_CLOEXEC) != 0) return -1;
  fcntl(p[0], F_SETFL, O_NONBLOCK);
  s->rd = p[0];
  return p[1];
}

static void close_sink(struct sink *s) {
  if (s->rd >= 0) close(s->rd);
  if (s->file >= 0) close(s->file);
  s->rd = s->file = -1;
}

/*
 * The file-IO output file as a FIFO that this process drains (issue 24): w/<name> is made a root-owned 0666 FIFO
 * (the program can open, write and append, but neither remove nor replace it: /w is sticky) that this process
 * holds open read-write, so the program's open never blocks and a close never ends the drain. Its bytes go to
 * out/p through `s` like stdout. `*watch` (an inotify descriptor) tells afterwards whether the program opened it.
 * Returns 0, or -1 with the error set.
 */
static int make_output_fifo(int wfd, int outfd, const char *name, long long keep, struct sink *s, int *watch) {
  if (mkfifoat(wfd, name, 0600) != 0) return set_err("output_fifo_%s:_%s", name, strerror(errno)), -1;
  int fd = openat(wfd, name, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode) || fchmod(fd, 0666) != 0) {
    set_err("output_fifo_%s:_%s", name, strerror(errno));
    if (fd >= 0) close(fd);
    return -1;
  }
  s->rd = fd;
  s->file = openat(outfd, "p", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  s->keep = keep;
  s->total = 0;
  char path[4200];
  snprintf(path, sizeof path, "/proc/self/fd/%d/%.4096s", wfd, name);
  *watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (s->file < 0 || *watch < 0 || inotify_add_watch(*watch, path, IN_OPEN | IN_DONT_FOLLOW) < 0)
    return set_err("output_fifo_%s:_%s", name, strerror(errno)), -1;
  return 0;
}

/* Whether the watched output FIFO was opened (by the program: the watch began after this process's open). */
static int fifo_opened(int watch) {
  char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
  return watch >= 0 && read(watch, events, sizeof events) > 0;
}

/*
 * Whether a thread of a process listed in <cg>/cgroup.procs is blocked reading the output FIFO `fifo` (read,
 * pread64, readv, preadv, preadv2 on a descriptor that is that FIFO; /proc/<pid>/task/<tid>/syscall, root's to
 * read). A program that opened its output "w+" and reads back what it wrote waits there for ever: this process
 * holds the FIFO open, so no end of file comes (issue 24). Called at the wall limit, before the kill.
 */
static int reads_fifo(const char *cg, int fifo) {
  struct stat want;
  char path[4200], buf[65536];
  if (fifo < 0 || fstat(fifo, &want) != 0) return 0;
  snprintf(path, sizeof path, "%.4000s/cgroup.procs", cg);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  buf[n > 0 ? n : 0] = 0;
  for (char *p = buf; *p;) {
    long pid = strtol(p, &p, 10);
    while (*p == '\n') p++;
    if (pid <= 0) continue;
    snprintf(path, sizeof path, "/proc/%ld/task", pid);
    DIR *tasks = opendir(path);
    if (!tasks) continue;
    for (struct dirent *t; (t = readdir(tasks));) {
      if (t->d_name[0] == '.') continue;
      char line[512];
      snprintf(path, sizeof path, "/proc/%ld/task/%.64s/syscall", pid, t->d_name);
      int sfd = open(path, O_RDONLY | O_CLOEXEC);
      ssize_t got = sfd < 0 ? -1 : read(sfd, line, sizeof line - 1);
      if (sfd >= 0) close(sfd);
      if (got <= 0) continue;
      line[got] = 0;
      char *rest;
      long nr = strtol(line, &rest, 10); /* "running" (no digits) or -1 (not in a call): not waiting */
      if (rest == line) continue;
      if (nr != SYS_read && nr != SYS_pread64 && nr != SYS_readv && nr != SYS_preadv && nr != SYS_preadv2) continue;
      long arg = strtol(rest, NULL, 16);
      struct stat st;
      snprintf(path, sizeof path, "/proc/%ld/fd/%ld", pid, arg);
      if (stat(path, &st) == 0 && st.st_dev == want.st_dev && st.st_ino == want.st_ino) {
        closedir(tasks);
        return 1;
      }
    }
    closedir(tasks);
  }
  return 0;
}

/* Copies `src` (a root-only input path) to a fresh root-owned 0444 file `dst` in w/. */
static int place_input(int wfd, const char *dst, const char *src) {
  int in = open_input(src);
  if (in < 0) return -1;
  int out = openat(wfd, dst, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444);
  int rc = out < 0 ? -1 : copy_fd(in, out, -1);
  if (rc < 0) set_err("input_file_%s:_%s", dst, strerror(errno));
  if (out >= 0) fchmod(out, 0444);
  close(in);
  if (out >= 0) close(out);
  return rc < 0 ? -1 : 0;
}

/* What an output file turned out to be (the result line's of= values below 0). */
#define OF_MISSING -1
#define OF_LINK -2
#define OF_FIFO -3
#define OF_DIR -4
#define OF_OTHER -5
#define OF_ERROR -6

static long long not_regular(int err) {
  return err == ENOENT ? OF_MISSING : err == ELOOP || err == ENOTDIR ? OF_LINK : err == EISDIR ? OF_DIR : OF_ERROR;
}

/*
 * Copies w/<ofname> to out/f<index>, at most cap+1 bytes. `ofname` is a name in w/ or "<dir>/<name>" (one level,
 * e.g. the Kattis feedback dir); each part is opened relative to a held descriptor with O_NOFOLLOW (the file also
 * O_NONBLOCK: a FIFO never blocks) and only a regular file is read. Returns the bytes copied or an OF_* code.
 */
static long long copy_output_file(int wfd, int outfd, const char *ofname, int index, long long cap) {
  char dirpart[256];
  const char *slash = strchr(ofname, '/'), *file = ofname;
  int dfd = wfd;
  if (slash) {
    size_t len = (size_t)(slash - ofname);
    if (len == 0 || len >= sizeof dirpart) return OF_ERROR;
    memcpy(dirpart, ofname, len);
    dirpart[len] = 0;
    file = slash + 1;
    dfd = openat(wfd, dirpart, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0) return not_regular(errno);
  }
  int in = openat(dfd, file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  int saved = errno;
  if (dfd != wfd) close(dfd);
  if (in < 0) return not_regular(saved);
  struct stat st;
  if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
    long long what = S_ISFIFO(st.st_mode) ? OF_FIFO : S_ISDIR(st.st_mode) ? OF_DIR : OF_OTHER;
    close(in);
    return what;
  }
  char name[32];
  snprintf(name, sizeof name, "f%d", index);
  int out = openat(outfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  long long n = out < 0 ? OF_ERROR : copy_fd(in, out, cap + 1);
  close(in);
  if (out >= 0) close(out);
  return n < 0 ? OF_ERROR : n;
}

/* Makes a fresh root-owned, world-writable dir w/<name> for the run (a Kattis feedback dir). */
static int make_writable_dir(int wfd, const char *name) {
  if (mkdirat(wfd, name, 0700) != 0) return set_err("dir_%s:_%s", name, strerror(errno)), -1;
  int fd = openat(wfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 || fchmod(fd, 0777) != 0) {
    set_err("dir_%s:_%s", name, strerror(errno));
    if (fd >= 0) close(fd);
    return -1;
  }
  close(fd);
  return 0;
}

/* Reads the next line of the judgehost; 0 when it starts with `word`. */
static int expect_line(const char *word, char **rest) {
  static char *line = NULL;
  static size_t cap = 0;
  if (getline(&line, &cap, stdin) <= 0) return -1;
  size_t len = strlen(word);
  if (strncmp(line, word, len) != 0) return -1;
  *rest = line + len;
  return 0;
}

/*
 * Interactive runs (two sessions whose programs talk through two FIFOs). Three steps, each answered on stdout so
 * that the judgehost can keep both sessions in step and neither program starts before both pipes are whole:
 * make out/pi (our stdin) and open its read end, answer "opened"; on "connect <hex path of the peer's out/pi>"
 * open that FIFO's write end (our stdout; no link, must be a FIFO), answer "connected"; then wait for "go".
 * Any other line aborts the run (an SE result line follows).
 */
static void pair_handshake(int outfd, int *fds) {
  char *rest;
  if (mkfifoat(outfd, "pi", 0600) != 0) return set_err("mkfifo:_%s", strerror(errno));
  fds[0] = openat(outfd, "pi", O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  if (fds[0] < 0) return set_err("open_fifo:_%s", strerror(errno));
  printf("opened\n");
  fflush(stdout);
  if (expect_line("connect ", &rest) != 0) return set_err("interactive_run_aborted");
  rest[strcspn(rest, " \n")] = 0;
  char *peer = unhex(rest);
  fds[1] = open(peer, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (fds[1] < 0 || fstat(fds[1], &st) != 0 || !S_ISFIFO(st.st_mode))
    return set_err("open_peer_fifo:_%s", fds[1] < 0 ? strerror(errno) : "not_a_fifo");
  fcntl(fds[0], F_SETFL, 0);
  fcntl(fds[1], F_SETFL, 0);
  printf("connected\n");
  fflush(stdout);
  if (expect_line("go", &rest) != 0) return set_err("interactive_run_aborted");
}

#endif
