import { execFile } from 'node:child_process';
import { LIMITS } from '@oj/shared';
import { BOX_PATH } from '../sandbox/box.js';
import { compileInBox } from '../sandbox/boxd/compile.js';
import type { SandboxLimits } from '../sandbox/types.js';
import type { Language } from './types.js';

const MB_KB = 1024;

/** Limits of every compile step (its own, not the problem's): 10 s CPU, 20 s wall, 1 GB, 1 MB of output. */
export const COMPILE_LIMITS: SandboxLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryKb: 1024 * MB_KB,
  stackKb: 256 * MB_KB,
  outputBytes: 1024 * 1024,
  processes: 128,
  fileSizeBytes: 256 * 1024 * 1024,
  openFiles: 256,
};

/** Compiler messages shown to users are cut to this many bytes. */
export const COMPILE_MESSAGE_BYTES = 16 * 1024;

/** Languages other than C/C++ get this factor on time and memory (HOJ; the web shows the same figure). */
export const OTHER_FACTOR = LIMITS.otherLanguageFactor;

/** How one language is declared: the rest (compile, version cache, defaults) comes from `defineLanguage`. */
export interface LanguageSpec {
  name: string;
  sourceFile: string;
  factor: number;
  /** Compile (or syntax-check) argv inside the box, in /w; absent when there is no such step. */
  compileArgv?: string[];
  compileEnv?: Record<string, string>;
  /** Lines of a successful compile's output that say nothing (e.g. `Syntax OK`), dropped from the message. */
  compileNoise?: RegExp;
  /** Adjusts the compile limits (e.g. more processes for `go build`). */
  compileLimits?: Partial<SandboxLimits>;
  /**
   * Run argv, env and limit adjustments for the problem's `limits` (already times `factor`). The program's files
   * are at /p (read-only, root-owned; `PROGRAM_DIR` of a box session), the cwd is the empty, writable /w.
   */
  run(limits: SandboxLimits): { argv: string[]; env?: Record<string, string>; limits?: SandboxLimits };
  /** Command printing the version (run once, on the host with the box's PATH) and how to pick it out. */
  versionArgv: string[];
  versionPattern?: RegExp;
}

/** Cuts a compiler message to `COMPILE_MESSAGE_BYTES`, marking the cut. */
export function truncateMessage(text: string): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= COMPILE_MESSAGE_BYTES) return text;
  return `${bytes
    .subarray(0, COMPILE_MESSAGE_BYTES)
    .toString()
    .replace(/\uFFFD$/, '')}\n... (truncated)`;
}

function runVersion(argv: string[], pattern: RegExp | undefined): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      argv[0],
      argv.slice(1),
      { env: { PATH: BOX_PATH, HOME: '/tmp', LANG: 'C.UTF-8' }, timeout: 20_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return resolve(null);
        const text = `${stdout}\n${stderr}`;
        if (pattern) {
          const match = pattern.exec(text);
          return resolve(match ? (match[1] ?? match[0]).trim() : null);
        }
        resolve(text.trim().split('\n')[0]?.trim() || null);
      },
    );
  });
}

const compileFailures: Record<string, string> = {
  TLE: 'Compilation time limit exceeded',
  MLE: 'Compilation memory limit exceeded',
  OLE: 'Compiler output limit exceeded',
};

/** Builds a `Language` from its declaration (compile in a box session with COMPILE_LIMITS, cached version). */
export function defineLanguage(spec: LanguageSpec): Language {
  let version: Promise<string | null> | undefined;
  return {
    name: spec.name,
    sourceFile: spec.sourceFile,
    factor: spec.factor,
    compiled: spec.compileArgv !== undefined,
    compileArgv: spec.compileArgv,
    async compile(workDir, options) {
      if (!spec.compileArgv) return { ok: true, message: '' };
      if ((await this.version()) === null) {
        return { ok: false, systemError: true, message: `${spec.name} is not available on this judgehost` };
      }
      // A run of a box session (the worker's kept compile box, or a fresh one): docs/sandbox.md "Compiles in box
      // sessions". The compiler's files are copied back into workDir.
      const result = await compileInBox(
        workDir,
        {
          argv: spec.compileArgv,
          env: spec.compileEnv,
          limits: { ...COMPILE_LIMITS, ...spec.compileLimits },
        },
        { box: options?.box, cpu: options?.cpu },
      );
      const output = `${result.stderr.toString()}${result.stdout.toString()}`.trim();
      if (result.verdict === 'OK') {
        const kept = spec.compileNoise ? output.replace(spec.compileNoise, '').trim() : output;
        return { ok: true, message: truncateMessage(kept) };
      }
      if (result.verdict === 'SE') return { ok: false, systemError: true, message: result.message };
      const reason = compileFailures[result.verdict] ?? result.message;
      return {
        ok: false,
        message: truncateMessage(reason === result.message ? output || reason : `${reason}\n${output}`),
      };
    },
    runSpec(limits) {
      const run = spec.run(limits);
      return { argv: run.argv, env: run.env ?? {}, limits: run.limits ?? limits };
    },
    version() {
      version ??= runVersion(spec.versionArgv, spec.versionPattern);
      return version;
    },
  };
}
