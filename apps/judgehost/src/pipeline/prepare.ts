import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeTask } from '@oj/shared';
import { type CompiledChecker, compileChecker } from '../checkers/compile.js';
import type { Language } from '../languages/types.js';
import { writeExtraFiles } from './files.js';
import { COMPILE_MESSAGE_MAX, truncateText } from './preview.js';
import type { Runtime } from './runtime.js';

/** Result of getting a task ready to run: the user's program built and the checker compiled (if any). */
export type Prepared =
  | { kind: 'ready'; language: Language; userDir: string; checker: CompiledChecker | null }
  | { kind: 'compileError'; message: string }
  | { kind: 'systemError'; message: string };

/**
 * Writes the source and userExtraFile entries into `<taskDir>/user`, compiles it (Compile Error with the truncated
 * compiler message), then compiles or reuses the cached special judge / interactor (a failure there is a System
 * Error with the compiler message). An unknown language is a System Error.
 */
export async function prepareTask(
  task: JudgeTask,
  rt: Runtime,
  taskDir: string,
  workRoot: string,
): Promise<Prepared> {
  const language = rt.getLanguage(task.language);
  if (!language) return { kind: 'systemError', message: `Language "${task.language}" is not available here` };
  const userDir = join(taskDir, 'user');
  await mkdir(userDir, { recursive: true });
  await writeExtraFiles(userDir, task.problem.userExtraFile);
  await writeFile(join(userDir, language.sourceFile), task.code);
  if (language.compiled) {
    const compiled = await language.compile(userDir);
    const message = truncateText(compiled.message ?? '', COMPILE_MESSAGE_MAX);
    if (compiled.systemError) return { kind: 'systemError', message: message || 'Compiler failed to run' };
    if (!compiled.ok) return { kind: 'compileError', message };
  }
  let checker: CompiledChecker | null = null;
  if (task.problem.judgeMode !== 'default') {
    if (!task.problem.spj) {
      return { kind: 'systemError', message: `The ${task.problem.judgeMode} problem has no checker code` };
    }
    const built = await compileChecker(task.problem, rt.getLanguage, workRoot);
    if (!built.ok) {
      const what = task.problem.judgeMode === 'interactive' ? 'Interactor' : 'Special judge';
      return {
        kind: 'systemError',
        message: truncateText(`${what} compile error:\n${built.message}`, COMPILE_MESSAGE_MAX),
      };
    }
    checker = built.checker;
  }
  return { kind: 'ready', language, userDir, checker };
}
