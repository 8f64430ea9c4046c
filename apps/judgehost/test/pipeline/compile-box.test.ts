import { copyFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type COMPILE_LIMITS, defineLanguage } from '../../src/languages/base.js';
import { closeCompileBoxes } from '../../src/pipeline/index.js';
import { CompileBox } from '../../src/sandbox/boxd/index.js';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { createWorkDir } from '../../src/sandbox/index.js';
import { cleanup, setup, submit } from '../holes/harness.js';
import { sandboxProcesses } from '../sandbox/helpers.js';

// Issue 24 "compiles as cheap as isolate": a compile is a run of a box session; a worker keeps its compile
// session across submissions, wiped between compiles as between test cases (docs/sandbox.md "Compiles in box
// sessions"). These go through the real pipeline and sandbox.

const bombs = fileURLToPath(new URL('../languages/bombs/', import.meta.url));

const APLUSB_CPP = `#include <cstdio>
int main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); }`;
const APLUSB_GO = `package main
import "fmt"
func main() { var a, b int64; fmt.Scan(&a, &b); fmt.Println(a + b) }`;
const APLUSB_JAVA = `import java.util.*;
public class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in);
  System.out.println(s.nextLong() + s.nextLong()); } }`;

/** A+B that fails to compile when `paths` can be included (the preprocessor can open them) from the box. */
function probe(paths: string[]): string {
  const checks = paths.map((p) => `#if __has_include("${p}")\n#error "reachable: ${p}"\n#endif`).join('\n');
  // positive control: the box's own source is visible to __has_include, so the probe can fail
  return `#if !__has_include("/w/main.cpp")\n#error "__has_include sees nothing"\n#endif\n${checks}\n${APLUSB_CPP}`;
}

beforeAll(async () => {
  await setup();
});
afterAll(async () => {
  await closeCompileBoxes();
  await cleanup();
});

describe("a worker's compile box (issue 24)", () => {
  it('compiles Go, C++ (-pipe: cc1plus, as, ld) and Java one after the other in one box, leaving nothing for the next', async () => {
    // 1: Go (its build cache in /tmp/go-cache) with a header of the problem's own in /w
    const go = await submit({
      worker: 0,
      language: 'Golang',
      code: APLUSB_GO,
      problem: { userExtraFile: { 'secret.h': '#define SECRET 1\n' } },
    });
    expect([go.status, go.errorMessage]).toEqual([JudgeStatus.ACCEPTED, null]);
    // 2: C++ in the same box: nothing of the Go compile (its sources, binary, cache) may be there
    const cpp = await submit({
      worker: 0,
      code: probe(['/w/secret.h', 'secret.h', '/w/main.go', '/w/main', '/tmp/go-cache/README']),
    });
    expect([cpp.status, cpp.errorMessage]).toEqual([JudgeStatus.ACCEPTED, null]);
    // 3: javac (a JVM, many threads) in the same box
    const java = await submit({ worker: 0, language: 'Java', code: APLUSB_JAVA });
    expect([java.status, java.errorMessage]).toEqual([JudgeStatus.ACCEPTED, null]);
  }, 180_000);

  it("cannot read another worker's kept sources from its compile", async () => {
    const first = await submit({
      worker: 1,
      code: `#include "secret.h"\n${APLUSB_CPP}`,
      problem: { userExtraFile: { 'secret.h': '#define SECRET 2\n' } },
    });
    expect(first.status).toBe(JudgeStatus.ACCEPTED);
    // Worker 1's box keeps that compile's files in its w/ until its next compile: they exist on the host ...
    const boxd = join(sandboxConfig().dir, 'boxd');
    const kept = readdirSync(boxd)
      .map((name) => join(boxd, name, 'w', 'secret.h'))
      .filter((path) => existsSync(path));
    expect(kept.length).toBeGreaterThan(0);
    // ... and a compile of worker 0 (another box, another uid) cannot reach them by any path
    const hostile = await submit({
      worker: 0,
      code: probe([...kept, ...kept.map((p) => p.replace(/secret\.h$/, 'main.cpp'))]),
    });
    expect([hostile.status, hostile.errorMessage]).toEqual([JudgeStatus.ACCEPTED, null]);
  }, 120_000);
});

describe('compile limits in a kept box (issue 24)', () => {
  // The registry's C++ with smaller compile limits, so that each limit is reached quickly.
  const cpp = (limits: Partial<typeof COMPILE_LIMITS>) =>
    defineLanguage({
      name: 'C++',
      sourceFile: 'main.cpp',
      factor: 1,
      compileArgv: ['/usr/bin/g++', '-pipe', '-w', '-fmax-errors=5', 'main.cpp', '-o', 'main'],
      compileLimits: limits,
      run: () => ({ argv: ['/p/main'] }),
      versionArgv: ['g++', '--version'],
    });
  const box = new CompileBox();
  afterAll(() => box.close());

  async function compile(source: string, limits: Partial<typeof COMPILE_LIMITS> = {}) {
    const dir = await createWorkDir();
    if (source.endsWith('.cpp')) copyFileSync(`${bombs}${source}`, `${dir}/main.cpp`);
    else writeFileSync(`${dir}/main.cpp`, source);
    const result = await cpp(limits).compile(dir, { box });
    return { ...result, files: readdirSync(dir).sort() };
  }

  it('time, memory and output limits give a compile error with their message; the box compiles again after each', async () => {
    const ok = await compile(APLUSB_CPP);
    expect([ok.ok, ok.files]).toEqual([true, ['main', 'main.cpp']]);
    const cases: [string, Partial<typeof COMPILE_LIMITS>, string][] = [
      ['templates.cpp', { cpuMs: 1000, wallMs: 10_000 }, 'Compilation time limit exceeded'],
      ['urandom.cpp', { memoryKb: 128 * 1024 }, 'Compilation memory limit exceeded'],
      // an error naming a 3000-character identifier: the message (name and source line) passes 4 KB
      [`int main() { return ${'x'.repeat(3000)}; }`, { outputBytes: 4096 }, 'Compiler output limit exceeded'],
    ];
    for (const [file, limits, message] of cases) {
      const failed = await compile(file, limits);
      expect([failed.ok, failed.systemError, failed.message.split('\n')[0]], file.slice(0, 20)).toEqual([
        false,
        undefined,
        message,
      ]);
      expect(failed.files).toEqual(['main.cpp']);
      const again = await compile(APLUSB_CPP);
      expect([again.ok, again.files], `after ${file.slice(0, 20)}`).toEqual([true, ['main', 'main.cpp']]);
    }
  }, 180_000);

  it('a fresh box per compile (no worker slot) leaves no process of the sandbox uids', async () => {
    const dir = mkdtempSync(join(await createWorkDir(), 'c-'));
    writeFileSync(`${dir}/main.cpp`, APLUSB_CPP);
    const result = await cpp({}).compile(dir);
    expect(result.ok).toBe(true);
    await box.close();
    await closeCompileBoxes();
    expect(sandboxProcesses()).toEqual([]);
  }, 60_000);
});
