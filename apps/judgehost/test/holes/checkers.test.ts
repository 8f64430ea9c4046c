import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, cleanup, setup, submit } from './harness.js';

// Issue 7, holes 3-4: a problem setter's checker or interactor plants links and FIFOs for its message files.

beforeAll(setup);
afterAll(cleanup);

const AB = `#include <cstdio>
int main() { long long a, b; if (std::scanf("%lld %lld", &a, &b) == 2) std::printf("%lld\\n", a + b); }`;

/** A Kattis validator that plants `plant` (C statements, cwd /w) and says WA (43). */
function validator(plant: string): string {
  return `#include <cstdio>
#include <unistd.h>
#include <sys/stat.h>
int main() { ${plant} return 43; }`;
}

const KATTIS_SPJ = (code: string) => ({
  judgeMode: 'spj' as const,
  spj: { code, language: 'C++', protocol: 'kattis' as const },
});

describe('special judge message files', () => {
  it('feedback/judgemessage.txt -> /proc/self/environ is a System Error, not the judgehost environment', async () => {
    const plant = 'symlink("/proc/self/environ", "feedback/judgemessage.txt");';
    const r = await submit({ code: AB, problem: KATTIS_SPJ(validator(plant)) });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.cases[0].message).toContain('judgemessage.txt that is not a regular file (a symbolic link)');
  });

  it('a FIFO as feedback/judgemessage.txt is a System Error at once', async () => {
    const r = await submit({
      code: AB,
      problem: KATTIS_SPJ(validator('mkfifo("feedback/judgemessage.txt", 0666);')),
    });
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.cases[0].message).toContain('not a regular file (a FIFO)');
  }, 30_000);

  it('the feedback dir itself replaced by a link to a host dir: nothing of the host is read', async () => {
    const plant = `mkdir("x", 0777); symlink("/proc/self/environ", "x/judgemessage.txt");
  rename("feedback", "fb-old"); symlink("x", "feedback");`;
    const r = await submit({ code: AB, problem: KATTIS_SPJ(validator(plant)) });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    // The feedback dir is a mount point the validator cannot replace: it stays empty, so there is no message.
    expect([r.cases[0].status, r.cases[0].message]).toEqual([JudgeStatus.WRONG_ANSWER, null]);
  });
});

/** A Kattis interactor that says one line, plants `plant` and accepts. */
function interactor(plant: string): string {
  return `#include <cstdio>
#include <unistd.h>
#include <sys/stat.h>
int main() { std::printf("1 2\\n"); std::fflush(stdout); long long x; std::scanf("%lld", &x); ${plant} return 42; }`;
}

const INTERACTIVE = (code: string) => ({
  judgeMode: 'interactive' as const,
  spj: { code, language: 'C++', protocol: 'kattis' as const },
});

describe('interactor files', () => {
  it('interactor.out -> /proc/self/environ is a System Error and shows nothing of the host', async () => {
    const r = await submit({
      code: AB,
      problem: INTERACTIVE(interactor('symlink("/proc/self/environ", "interactor.out");')),
    });
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.status, r.errorMessage ?? '').toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.cases[0]?.message, r.errorMessage ?? '').toContain(
      'interactor.out that is not a regular file (a symbolic link)',
    );
  });

  it('a FIFO as interactor.out or as judgemessage.txt is a System Error at once', async () => {
    const out = await submit({
      code: AB,
      problem: INTERACTIVE(interactor('mkfifo("interactor.out", 0666);')),
    });
    expect([out.status, out.cases[0].message]).toEqual([
      JudgeStatus.SYSTEM_ERROR,
      'The interactor left interactor.out that is not a regular file (a FIFO)',
    ]);
    const msg = await submit({
      code: AB,
      problem: INTERACTIVE(interactor('mkfifo("feedback/judgemessage.txt", 0666);')),
    });
    expect(msg.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(msg.cases[0].message).toContain('judgemessage.txt that is not a regular file (a FIFO)');
  }, 30_000);
});
