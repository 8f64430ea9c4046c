import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeProblem } from '@oj/shared';
import type { Language } from '../languages/types.js';
import { safeName } from '../pipeline/files.js';
import { copyOutFiles } from '../sandbox/boxfs.js';

/** A compiled checker / interactor in the on-disk cache. */
export interface CompiledChecker {
  /** Host directory holding the checker's build (link its files into a run dir; never write into it). */
  dir: string;
  language: Language;
}

export type CheckerCompileResult = { ok: true; checker: CompiledChecker } | { ok: false; message: string };

const READY = '.ready';
const inflight = new Map<string, Promise<CheckerCompileResult>>();

/** Cache key: problem id, case version and a digest of everything that shapes the build. */
export function checkerKey(problem: JudgeProblem): string {
  const spj = problem.spj;
  const digest = createHash('sha256')
    // 'ro1': builds installed root-owned and read-only (older cache entries were written by the box).
    .update(JSON.stringify(['ro1', spj?.language, spj?.code, problem.judgeExtraFile ?? {}]))
    .digest('hex')
    .slice(0, 16);
  const version = problem.caseVersion.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
  return `${problem.pid}-${version}-${digest}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the builds of the problem's older versions (one build per problem stays on disk). Runs already set up keep
 * their hard-linked copies, so removing a build under them is harmless.
 */
async function pruneOtherVersions(root: string, pid: number, keep: string): Promise<void> {
  for (const name of await readdir(root)) {
    if (name.startsWith(`${pid}-`) && name !== keep && !inflight.has(name)) {
      await rm(join(root, name), { recursive: true, force: true });
    }
  }
}

type CompileOptions = Parameters<Language['compile']>[1];

async function build(
  problem: JudgeProblem,
  language: Language,
  root: string,
  key: string,
  scratch: string,
  options: CompileOptions,
) {
  const finalDir = join(root, key);
  if (await exists(join(finalDir, READY))) return { ok: true as const, checker: { dir: finalDir, language } };
  const suffix = randomBytes(4).toString('hex');
  const tmp = join(root, `.build-${key}-${suffix}`);
  // The compile box writes in a dir on the work tmpfs; only its regular files are copied out, root-owned.
  const compileDir = join(scratch, `checker-${suffix}`);
  await mkdir(compileDir, { recursive: true });
  try {
    const extra = problem.judgeExtraFile ?? {};
    for (const [name, content] of Object.entries(extra))
      await writeFile(join(compileDir, safeName(name)), content);
    await writeFile(join(compileDir, language.sourceFile), problem.spj?.code ?? '');
    const compiled = await language.compile(compileDir, options);
    if (!compiled.ok) return { ok: false as const, message: compiled.message || 'Checker compile failed' };
    await copyOutFiles(compileDir, tmp);
    await writeFile(join(tmp, READY), '', { mode: 0o444 });
    await rm(finalDir, { recursive: true, force: true });
    try {
      await rename(tmp, finalDir);
    } catch {
      // Another process finished the same build first: use theirs.
      if (!(await exists(join(finalDir, READY))))
        throw new Error(`Cannot store the compiled checker in ${finalDir}`);
    }
    await pruneOtherVersions(root, problem.pid, key);
    return { ok: true as const, checker: { dir: finalDir, language } };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(compileDir, { recursive: true, force: true });
  }
}

/**
 * Compiles the problem's special judge / interactor once per (pid, caseVersion, code) and caches it under
 * `<workRoot>/checkers/` as root-owned read-only files (the compile itself runs in a dir under `scratch`, on the
 * work tmpfs); concurrent callers share one build. judgeExtraFile entries are written beside the source.
 * Returns `{ ok: false, message }` for a compile error or an unknown language (the task is then a System Error).
 * `options` go to `Language.compile` (the worker's compile box and CPU).
 */
export function compileChecker(
  problem: JudgeProblem,
  getLanguage: (name: string) => Language | undefined,
  workRoot: string,
  scratch: string,
  options?: CompileOptions,
): Promise<CheckerCompileResult> {
  const spj = problem.spj;
  if (!spj)
    return Promise.resolve({ ok: false, message: 'The problem has no special judge / interactor code' });
  const language = getLanguage(spj.language);
  if (!language) return Promise.resolve({ ok: false, message: `Unknown checker language "${spj.language}"` });
  const root = join(workRoot, 'checkers');
  const key = checkerKey(problem);
  const running = inflight.get(key);
  if (running) return running;
  const job = mkdir(root, { recursive: true })
    .then(() => build(problem, language, root, key, scratch, options))
    .finally(() => inflight.delete(key));
  inflight.set(key, job);
  return job;
}
