import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeTask } from '@oj/shared';
import { type CompiledChecker, compileChecker } from '../checkers/compile.js';
import type { Language } from '../languages/types.js';
import { copyOutFiles } from '../sandbox/boxfs.js';
import { safeName, writeExtraFiles } from './files.js';
import { COMPILE_MESSAGE_MAX, truncateText } from './preview.js';
import type { Runtime } from './runtime.js';

/** Result of getting a task ready to run: the user's program built and the checker compiled (if any). */
export type Prepared =
  | {
      kind: 'ready';
      language: Language;
      programDir: string;
      /** The userExtraFile entries installed in `programDir`, given to every run in /w as well. */
      extraFiles: { name: string; file: string }[];
      checker: CompiledChecker | null;
    }
  | { kind: 'compileError'; message: string }
  | { kind: 'systemError'; message: string };

/**
 * Writes the source and userExtraFile entries into `<taskDir>/compile` (on the work tmpfs; the compile box writes
 * there), compiles it (Compile Error with the truncated compiler message), then installs the regular files of that
 * dir as root-owned read-only files in `<taskDir>/prog` (copied by descriptor, links and FIFOs skipped) and drops
 * the compile dir: the task's box session binds that dir read-only at /p (`programDir`, default `<taskDir>/prog`;
 * it may exist already, empty and root-owned, bound into a session started during the compile); the userExtraFile
 * entries among them are also placed in /w of every run (`extraFiles`), where the program may read them. Then compiles or reuses the cached special
 * judge / interactor (a failure there is a System Error with the compiler message). An unknown language is a
 * System Error.
 */
export async function prepareTask(
  task: JudgeTask,
  rt: Runtime,
  taskDir: string,
  workRoot: string,
  progDir = join(taskDir, 'prog'),
): Promise<Prepared> {
  const language = rt.getLanguage(task.language);
  if (!language) return { kind: 'systemError', message: `Language "${task.language}" is not available here` };
  const compileDir = join(taskDir, 'compile');
  await mkdir(compileDir, { recursive: true });
  await writeExtraFiles(compileDir, task.problem.userExtraFile);
  await writeFile(join(compileDir, language.sourceFile), task.code);
  if (language.compiled) {
    const compiled = await language.compile(compileDir, { cpu: rt.cpu, box: rt.compileBox });
    const message = truncateText(compiled.message ?? '', COMPILE_MESSAGE_MAX);
    if (compiled.systemError) return { kind: 'systemError', message: message || 'Compiler failed to run' };
    if (!compiled.ok) return { kind: 'compileError', message };
  }
  const installed = await copyOutFiles(compileDir, progDir);
  const extraFiles = Object.keys(task.problem.userExtraFile ?? {})
    .map((name) => safeName(name))
    .filter((name) => installed.includes(name))
    .map((name) => ({ name, file: join(progDir, name) }));
  await rm(compileDir, { recursive: true, force: true });
  let checker: CompiledChecker | null = null;
  if (task.problem.judgeMode !== 'default') {
    if (!task.problem.spj) {
      return { kind: 'systemError', message: `The ${task.problem.judgeMode} problem has no checker code` };
    }
    const built = await compileChecker(task.problem, rt.getLanguage, workRoot, taskDir, {
      cpu: rt.cpu,
      box: rt.compileBox,
    });
    if (!built.ok) {
      const what = task.problem.judgeMode === 'interactive' ? 'Interactor' : 'Special judge';
      return {
        kind: 'systemError',
        message: truncateText(`${what} compile error:\n${built.message}`, COMPILE_MESSAGE_MAX),
      };
    }
    checker = built.checker;
  }
  return { kind: 'ready', language, programDir: progDir, extraFiles, checker };
}
