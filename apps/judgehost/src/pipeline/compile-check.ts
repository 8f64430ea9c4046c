import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus, type JudgeTask } from '@oj/shared';
import { writeExtraFiles } from './files.js';
import { COMPILE_MESSAGE_MAX, truncateText } from './preview.js';
import type { Runtime } from './runtime.js';

/** What a compile check reports: 0 Accepted (compiled), -2 Compile Error or 4 System Error with the message. */
export interface CompileCheckOutcome {
  status: number;
  errorMessage: string | null;
}

/**
 * Compiles a `compile` task (special-judge / interactor code from the admin problem form) in the sandbox with the
 * language registry: task.problem.judgeExtraFile entries and the source are written to `<taskDir>/compile`, which
 * the caller removes. Nothing is run or cached. An unknown language or a compiler that fails to start is a System
 * Error; a language without a compile step passes.
 */
export async function compileCheck(
  task: JudgeTask,
  rt: Runtime,
  taskDir: string,
): Promise<CompileCheckOutcome> {
  const language = rt.getLanguage(task.language);
  if (!language) {
    return {
      status: JudgeStatus.SYSTEM_ERROR,
      errorMessage: `Language "${task.language}" is not available here`,
    };
  }
  const dir = join(taskDir, 'compile');
  await mkdir(dir, { recursive: true });
  await writeExtraFiles(dir, task.problem.judgeExtraFile);
  await writeFile(join(dir, language.sourceFile), task.code);
  if (!language.compiled) return { status: JudgeStatus.ACCEPTED, errorMessage: null };
  const compiled = await language.compile(dir, { cpu: rt.cpu, box: rt.compileBox });
  const message = truncateText(compiled.message ?? '', COMPILE_MESSAGE_MAX);
  if (compiled.systemError) {
    return { status: JudgeStatus.SYSTEM_ERROR, errorMessage: message || 'Compiler failed to run' };
  }
  if (!compiled.ok) return { status: JudgeStatus.COMPILE_ERROR, errorMessage: message || 'Compile failed' };
  return { status: JudgeStatus.ACCEPTED, errorMessage: null };
}
