import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus, type JudgeTask } from '@oj/shared';
import { previewBuffer } from './preview.js';
import { type CaseContext, judgeCase } from './run-case.js';

/** Kept of a test run's output shown to the user, bytes. */
export const TEST_OUTPUT_BYTES = 64 * 1024;
/** Kept of a test run's stderr, bytes. */
export const TEST_STDERR_BYTES = 4 * 1024;

/** What a test run reports besides the envelope fields. */
export interface TestRunOutcome {
  status: number;
  time: number;
  memory: number;
  userOutput: string;
  stderr: string;
  message: string | null;
}

/**
 * One run of the prepared program on task.userInput (task.kind 'test'). With task.expectedOutput the output is
 * judged as a case would be (compare, special judge or interactor): AC / PE / WA; without it a run that ends fine
 * is AC (an interactive problem always runs its interactor, with an empty answer file). TLE / MLE / RE as usual.
 */
export async function runTest(ctx: CaseContext, task: JudgeTask, dir: string): Promise<TestRunOutcome> {
  const input = join(dir, 'test.in');
  const answer = join(dir, 'test.ans');
  await writeFile(input, task.userInput ?? '');
  await writeFile(answer, task.expectedOutput ?? '');
  const noAnswer = task.expectedOutput === null && task.problem.judgeMode !== 'interactive';
  const judged = await judgeCase(
    { ...ctx, noAnswer },
    {
      index: 1,
      inputName: 'test.in',
      outputName: 'test.ans',
      inputHash: '',
      outputHash: '',
      inputSize: Buffer.byteLength(task.userInput ?? ''),
      outputSize: Buffer.byteLength(task.expectedOutput ?? ''),
      score: 0,
      groupNum: 0,
    },
    { input, answer },
  );
  const out = judged.userOutput;
  const status =
    judged.result.status === JudgeStatus.PARTIAL_ACCEPTED ? JudgeStatus.WRONG_ANSWER : judged.result.status;
  return {
    status,
    time: judged.result.time,
    memory: judged.result.memory,
    userOutput: typeof out === 'string' ? out : previewBuffer(out, TEST_OUTPUT_BYTES),
    stderr: previewBuffer(judged.run.stderr, TEST_STDERR_BYTES),
    message: judged.result.message,
  };
}
