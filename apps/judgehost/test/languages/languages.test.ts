import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_MESSAGE_BYTES } from '../../src/languages/base.js';
import { allLanguages, getLanguage, languageInfo } from '../../src/languages/index.js';
import { type BoxRunSpec, withBoxSession } from '../../src/sandbox/boxd/index.js';
import { copyOutFiles, createWorkDir, removeWorkDir } from '../../src/sandbox/index.js';
import type { SandboxLimits } from '../../src/sandbox/types.js';

const sources = fileURLToPath(new URL('./aplusb/', import.meta.url));
const bombs = fileURLToPath(new URL('./bombs/', import.meta.url));
const dirs: string[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeWorkDir(dir);
});

async function workDir(): Promise<string> {
  const dir = await createWorkDir();
  dirs.push(dir);
  return dir;
}

/** The compiled files of `dir` installed root-owned and read-only, as the pipeline's program dir. */
async function installed(dir: string): Promise<string> {
  const prog = await workDir();
  chmodSync(prog, 0o711); // root-owned, traversable (as the pipeline's task dir)
  await copyOutFiles(dir, `${prog}/p`);
  return `${prog}/p`;
}

/** Runs the compiled program of `dir` once in a box session, as the pipeline does. */
async function runOnce(dir: string, spec: Omit<BoxRunSpec, 'stdin'>) {
  return withBoxSession({ programDir: await installed(dir) }, (session) => session.run(spec));
}

const LIMITS: SandboxLimits = {
  cpuMs: 5000,
  wallMs: 15000,
  memoryKb: 256 * 1024,
  stackKb: 64 * 1024,
  outputBytes: 1 << 20,
  processes: 64,
  fileSizeBytes: 1 << 20,
  openFiles: 64,
};

const NAMES = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'Java',
  'Python3',
  'PyPy3',
  'Golang',
  'Rust',
  'JavaScript Node',
  'PHP',
  'Ruby',
  'C#',
  'Python2',
];

describe('language registry', () => {
  it('knows exactly the HOJ language names, with factor 1 for C/C++ and 2 for the rest', () => {
    expect(allLanguages().map((language) => language.name)).toEqual(NAMES);
    for (const language of allLanguages()) {
      expect(language.factor).toBe(/^C(\+\+)?( |$)/.test(language.name) && language.name !== 'C#' ? 1 : 2);
    }
    expect(getLanguage('Java')?.sourceFile).toBe('Main.java');
    expect(getLanguage('Pascal')).toBeNull();
  });

  it('lists versions once, and Python2 as unavailable without crashing', async () => {
    const info = await languageInfo();
    expect(info.map((entry) => entry.name)).toEqual(NAMES);
    expect(info.find((entry) => entry.name === 'Python2')).toEqual({
      name: 'Python2',
      version: '',
      available: false,
    });
    for (const entry of info.filter((e) => e.name !== 'Python2')) {
      expect(entry, entry.name).toMatchObject({ available: true, version: expect.stringMatching(/\d/) });
    }
    expect(await languageInfo()).toBe(info);
    const dir = await workDir();
    writeFileSync(`${dir}/main.py`, 'print(1)\n');
    const compiled = await getLanguage('Python2')!.compile(dir);
    expect(compiled).toMatchObject({ ok: false, systemError: true });
  });
});

describe('A+B in every available language', () => {
  for (const name of NAMES.filter((n) => n !== 'Python2')) {
    it(`${name}: compiles and answers with plausible time and memory`, async () => {
      const language = getLanguage(name)!;
      const dir = await workDir();
      copyFileSync(`${sources}${language.sourceFile}`, `${dir}/${language.sourceFile}`);
      const compiled = await language.compile(dir);
      expect(compiled, compiled.message).toMatchObject({ ok: true, message: '' });
      // Run as the pipeline does: the program installed root-owned, bound read-only at /p of a box session,
      // two runs (two test cases) in the same session.
      const programDir = await installed(dir);
      const results = await withBoxSession({ programDir }, async (session) => [
        await session.run({ ...language.runSpec(LIMITS), stdin: { data: '1000000000000 2345\n' } }),
        await session.run({ ...language.runSpec(LIMITS), stdin: { data: '-5 7\n' } }),
      ]);
      const result = results[0];
      expect(result.verdict, `${result.message} ${result.stderr}`).toBe('OK');
      expect(result.stdout.toString()).toBe('1000000002345\n');
      expect([results[1].verdict, results[1].stdout.toString()]).toEqual(['OK', '2\n']);
      expect(result.cpuMs).toBeGreaterThan(0);
      expect(result.cpuMs).toBeLessThan(2000);
      expect(result.memoryKb).toBeGreaterThan(0);
      expect(result.memoryKb).toBeLessThan(200 * 1024);
    });
  }
});

describe('compile failures', () => {
  it('C++: a syntax error is a compile error with the compiler message', async () => {
    const dir = await workDir();
    writeFileSync(`${dir}/main.cpp`, 'int main() { return undefined_name; }\n');
    const result = await getLanguage('C++')!.compile(dir);
    expect(result.ok).toBe(false);
    expect(result.systemError).toBeUndefined();
    expect(result.message).toContain('undefined_name');
  });

  for (const [file, what] of [
    ['urandom.cpp', 'including /dev/urandom'],
    ['templates.cpp', 'a template explosion'],
    ['flood.cpp', 'an error flood'],
  ] as const) {
    it(`C++: ${what} ends as a compile error with a bounded message`, async () => {
      const dir = await workDir();
      copyFileSync(`${bombs}${file}`, `${dir}/main.cpp`);
      const started = Date.now();
      const result = await getLanguage('C++')!.compile(dir);
      expect(result.ok).toBe(false);
      expect(result.systemError).toBeUndefined();
      expect(Buffer.byteLength(result.message)).toBeLessThanOrEqual(COMPILE_MESSAGE_BYTES + 100);
      expect(Date.now() - started).toBeLessThan(30_000);
    });
  }
});

describe('Java', () => {
  it('an empty program passes under a 64 MB limit', async () => {
    const java = getLanguage('Java')!;
    const dir = await workDir();
    writeFileSync(`${dir}/Main.java`, 'public class Main { public static void main(String[] a) {} }\n');
    expect((await java.compile(dir)).ok).toBe(true);
    const run = java.runSpec({ ...LIMITS, memoryKb: 64 * 1024 });
    expect(run.argv).toContain('-Xmx65536k');
    const result = await runOnce(dir, run);
    expect(result.verdict, result.message).toBe('OK');
  });

  it('a heap larger than -Xmx fails inside the JVM, not as a sandbox error', async () => {
    const java = getLanguage('Java')!;
    const dir = await workDir();
    writeFileSync(
      `${dir}/Main.java`,
      'public class Main { public static void main(String[] a) { long[] x = new long[64 << 20]; System.out.println(x.length); } }\n',
    );
    expect((await java.compile(dir)).ok).toBe(true);
    const result = await runOnce(dir, java.runSpec({ ...LIMITS, memoryKb: 64 * 1024 }));
    expect(['RE', 'MLE']).toContain(result.verdict);
    expect(result.stderr.toString()).toContain('OutOfMemoryError');
  });
});
