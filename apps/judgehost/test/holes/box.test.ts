import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, leftoverInDataDir, leftoverTaskDirs, setup, submit } from './harness.js';

// Issue 7, holes 5 and 6: what a program may leave or change in its work dir, and where its writes go.

beforeAll(setup);
afterAll(cleanup);

describe('a fresh, read-only-program box per test case', () => {
  it('case 2 cannot see a file written in case 1', async () => {
    const code = `#include <cstdio>
#include <unistd.h>
int main() {
  long long a, b; std::scanf("%lld %lld", &a, &b);
  if (access("state", F_OK) == 0) { std::printf("seen\\n"); return 0; }
  FILE *f = std::fopen("state", "w"); if (f) { std::fputs("1", f); std::fclose(f); }
  std::printf("%lld\\n", a + b);
}`;
    const r = await submit({ code });
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  });

  it('a C++ program can neither write, remove nor replace its own binary', async () => {
    const code = `#include <cstdio>
#include <unistd.h>
#include <fcntl.h>
int main() {
  long long a, b; std::scanf("%lld %lld", &a, &b);
  bool changed = open("/p/main", O_WRONLY) >= 0 || rename("/p/main", "/w/old") == 0 || unlink("/p/main") == 0;
  std::printf(changed ? "changed\\n" : "%lld\\n", a + b);
}`;
    const r = await submit({ code });
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
  });

  it('a Python program cannot replace main.py for the next case', async () => {
    const code = `import os
a, b = map(int, input().split())
try:
    os.unlink('/p/main.py')
    open('/p/main.py', 'w').write('print("replaced")\\n')
except OSError:
    pass
print(a + b)
`;
    const r = await submit({ code, language: 'Python3' });
    expect(r.cases.map((c) => [c.status, c.userOutput])).toEqual([
      [JudgeStatus.ACCEPTED, '3\n'],
      [JudgeStatus.ACCEPTED, '42\n'],
    ]);
  });
});

describe('disk filling', () => {
  it('1 GiB written under a 64 MB limit ends MLE / OLE within the time limit and leaves nothing behind', async () => {
    const code = `#include <cstdio>
#include <cstring>
static char buf[1 << 20];
int main() {
  std::memset(buf, 'x', sizeof buf);
  for (int f = 0; f < 64; f++) {
    char name[32]; std::snprintf(name, sizeof name, "fill-%d", f);
    FILE *out = std::fopen(name, "w");
    if (!out) continue;
    for (int i = 0; i < 16; i++) std::fwrite(buf, 1, sizeof buf, out);
    std::fclose(out);
  }
  std::printf("3\\n");
}`;
    const started = Date.now();
    const r = await submit({
      code,
      problem: { memoryLimitMb: 64, timeLimitMs: 1000 },
      cases: [['1 2\n', '3\n']],
    });
    const verdict = r.cases[0];
    expect([JudgeStatus.MEMORY_LIMIT_EXCEEDED, JudgeStatus.RUNTIME_ERROR], JSON.stringify(r)).toContain(
      verdict.status,
    );
    if (verdict.status === JudgeStatus.RUNTIME_ERROR) expect(verdict.message).toBe('Output Limit Exceeded');
    expect(verdict.time).toBeLessThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await leftoverTaskDirs()).toEqual([]);
    expect(leftoverInDataDir()).toEqual([]);
  });
});
