/* The request oj-boxd sends to oj-agent for one run (both sides are built from this header). */
#ifndef OJ_BOXD_H
#define OJ_BOXD_H
#include <stdint.h>

#define AGENT_MAX_CG 5
#define AGENT_MAX_MSG 65536

struct agent_req {
  int32_t n_cg; /* cgroup.procs descriptors after stdin, stdout, stderr */
  int32_t argc;
  int32_t envc; /* strings follow the struct: argv then envp, each NUL-terminated */
  int32_t pad;
  int64_t cpu_soft_s; /* RLIMIT_CPU soft limit, s (a backstop; oj-boxd enforces the real limit) */
  int64_t stack_bytes;
  int64_t fsize_bytes;
  int64_t nofile;
};

#endif
