/* Small helpers of the supervisors oj-boxd and oj-sandbox (each includes it once): errors, clocks, cgroup files,
 * copies, emptying dirs. `static inline` so that a supervisor that uses only some of them builds without warnings. */
#ifndef OJ_UTIL_H
#define OJ_UTIL_H
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <time.h>
#include <unistd.h>

static char errbuf[256] = "";

/* Keeps the first failure of a run (spaces become '_' so that it stays one field of the result line). */
static inline void set_err(const char *fmt, ...) {
  if (errbuf[0]) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(errbuf, sizeof errbuf, fmt, ap);
  va_end(ap);
  for (char *p = errbuf; *p; p++)
    if (*p == '\n' || *p == ' ' || *p == '=') *p = '_';
}

static inline long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline int write_file(const char *dir, const char *file, const char *value) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t len = (ssize_t)strlen(value), w = write(fd, value, (size_t)len);
  int saved = errno;
  close(fd);
  errno = saved;
  return w == len ? 0 : -1;
}

/* A number from a cgroup file, or from its "key N" line; -1 when absent. */
static inline long long read_ll_file(const char *dir, const char *file, const char *key) {
  char path[4200], buf[8192];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = 0;
  if (!key) return atoll(buf);
  size_t klen = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (strncmp(line, key, klen) == 0 && line[klen] == ' ') return atoll(line + klen + 1);
  return -1;
}

/* The number at the start of an open counter file (re-read from offset 0); -1 on failure. */
static inline long long read_fd_ll(int fd) {
  char buf[64];
  if (fd < 0) return -1;
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = 0;
  return atoll(buf);
}

/* CPU ns of a cgroup from its open counter (v1 cpuacct.usage, v2 cpu.stat usage_usec); -1 on failure. */
static inline long long read_cpu_ns(int fd, int version) {
  char buf[1024];
  if (fd < 0) return -1;
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = 0;
  if (version == 1) return atoll(buf);
  char *p = strstr(buf, "usage_usec ");
  return p ? atoll(p + 11) * 1000LL : -1;
}

/* SIGKILL to every pid listed in <dir>/cgroup.procs; returns how many were listed. */
static inline int kill_listed(const char *dir) {
  char path[16384], buf[65536];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  size_t used = 0;
  ssize_t n;
  while (used < sizeof buf - 1 && (n = read(fd, buf + used, sizeof buf - 1 - used)) > 0) used += (size_t)n;
  close(fd);
  buf[used] = 0;
  int count = 0;
  for (char *p = buf; *p;) {
    long pid = strtol(p, &p, 10);
    if (pid > 0) {
      kill((pid_t)pid, SIGKILL);
      count++;
    }
    while (*p == '\n') p++;
  }
  return count;
}

/*
 * Copies from `in` to `out`, at most `max` bytes (-1: all); returns the bytes copied or -1. The kernel copies
 * (sendfile: no round trip through this process) when it can; read/write otherwise.
 */
static inline long long copy_fd(int in, int out, long long max) {
  char buf[65536];
  long long total = 0;
  int kernel = 1;
  while (max < 0 || total < max) {
    size_t want = kernel ? (size_t)1 << 30 : sizeof buf;
    if (max >= 0 && (long long)want > max - total) want = (size_t)(max - total);
    if (kernel) {
      ssize_t n = sendfile(out, in, NULL, want);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && total == 0 && (errno == EINVAL || errno == ENOSYS)) {
        kernel = 0;
        continue;
      }
      if (n < 0) return -1;
      if (n == 0) break;
      total += n;
      continue;
    }
    ssize_t n = read(in, buf, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) break;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(out, buf + off, (size_t)(n - off));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) return -1;
      off += w;
    }
    total += n;
  }
  return total;
}

/* Decodes a hex string in place (the request line's strings); returns it. */
static inline char *unhex(char *s) {
  size_t n = strlen(s) / 2;
  for (size_t i = 0; i < n; i++) {
    unsigned v;
    if (sscanf(s + 2 * i, "%2x", &v) != 1) v = '?';
    s[i] = (char)v;
  }
  s[n] = 0;
  return s;
}

/*
 * Removes everything inside the directory `dfd` without following a link: entries are unlinked relative to the
 * held descriptor and subdirectories opened with O_NOFOLLOW|O_DIRECTORY. Only called when no process of the
 * box is alive. Returns 0, or -1 when something could not be removed.
 */
static inline int empty_dir(int dfd) {
  int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  if (!dir) {
    if (fd >= 0) close(fd);
    return -1;
  }
  int rc = 0;
  struct dirent *e;
  while ((e = readdir(dir)) != NULL) {
    const char *n = e->d_name;
    if (n[0] == '.' && (n[1] == 0 || (n[1] == '.' && n[2] == 0))) continue;
    if (e->d_type != DT_DIR && unlinkat(dfd, n, 0) == 0) continue;
    int sub = openat(dfd, n, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub < 0) {
      rc = -1;
      continue;
    }
    if (empty_dir(sub) != 0) rc = -1;
    close(sub);
    if (unlinkat(dfd, n, AT_REMOVEDIR) != 0) rc = -1;
  }
  closedir(dir);
  return rc;
}

#endif
