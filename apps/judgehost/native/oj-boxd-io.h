/* Files and lines of oj-boxd (included once, by oj-boxd.c): inputs, output files, the pair handshake. */
#ifndef OJ_BOXD_IO_H
#define OJ_BOXD_IO_H
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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
