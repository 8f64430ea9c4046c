import { randomUUID } from 'node:crypto';
import { JudgeStatus, LIMITS } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { testJudges } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { roleMay } from '../admin/role-auth.js';
import { enqueue, notifyQueued } from '../judge/queue.js';
import {
  assertCanUseProblem,
  assertCode,
  assertLanguage,
  findProblem,
  type ProblemRow,
} from './submission.problem.js';
import { admitScoped } from './submission.scope.js';
import { assertQueueRoom } from './user-queue.js';

export interface TestJudgeInput {
  pid: string | number;
  language: string;
  code: string;
  type: string;
  userInput: string;
  expectedOutput?: string | null;
  mode?: string;
  isRemoteJudge?: boolean;
  /** The contest (type contest), training or group the run is made in; absent or 0: none. */
  cid?: number | null;
  tid?: number | null;
  gid?: number | null;
}

/** The test-run types of doc 2 §7 submit-problem-test-judge. */
export const TEST_RUN_TYPES = ['public', 'contest', 'group'] as const;

/**
 * The problem a test run may use, by the admission rule of submitting in the same scope (issue 23 §1; see
 * submission.scope.ts): type contest needs `cid` (400 naming it) and runs the contest's rule (registration, end,
 * contest-only problems included); otherwise a `tid` runs the training's rule, type group with `gid` the group's,
 * and a plain public run the problem's own visibility rule (403).
 */
async function admitTestRun(ctx: AppContext, user: SessionUser, input: TestJudgeInput): Promise<ProblemRow> {
  const scoped = {
    pid: input.pid,
    language: input.language,
    code: input.code,
    cid: input.cid ?? 0,
    tid: input.tid,
    gid: input.gid,
  };
  if (input.type === 'contest') {
    if (!input.cid) throw badRequest('validation.required', { field: 'cid' });
    return (await admitScoped(ctx, user, scoped, 'contest')).problem;
  }
  if (input.tid) return (await admitScoped(ctx, user, { ...scoped, cid: 0 }, 'training')).problem;
  if (input.type === 'group' && input.gid)
    return (await admitScoped(ctx, user, { ...scoped, cid: 0 }, 'group')).problem;
  const problem = await findProblem(ctx.db, input.pid);
  await assertCanUseProblem(ctx, user, problem);
  return problem;
}

/**
 * Queues an online test run (doc 2 §4.4, §7 submit-problem-test-judge) with the problem's limits and the user's
 * input (at most 1000 characters). `type` public, contest (with `cid`) or group (with `gid`); the scope's admission
 * rule decides (admitTestRun); 400 for another type. 429 while the user's previous test run is unfinished
 * (assertQueueRoom). Returns the testJudgeKey to poll.
 */
export async function submitTestJudge(
  ctx: AppContext,
  user: SessionUser,
  input: TestJudgeInput,
): Promise<string> {
  if (!(await roleMay(ctx, user.role, 'submit'))) throw forbidden('submission.roleCannotSubmit');
  if (!(TEST_RUN_TYPES as readonly string[]).includes(input.type)) throw badRequest('submission.testRunType');
  if (input.isRemoteJudge) throw badRequest('submission.testRunRemote');
  assertCode(input.code);
  if (input.userInput.length > LIMITS.testInputMax) {
    throw badRequest('submission.testInputTooLong', { max: LIMITS.testInputMax });
  }
  const problem = await admitTestRun(ctx, user, input);
  // HOJ: a remote problem cannot be test-run (the sites have no custom-input run); the problem decides, whatever
  // the client's isRemoteJudge flag says.
  if (problem.isRemote) throw badRequest('submission.testRunRemote');
  await assertLanguage(ctx.db, problem, input.language);
  const key = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await assertQueueRoom(tx, user, 'test');
    await tx.insert(testJudges).values({
      key,
      uid: user.uid,
      pid: problem.id,
      language: input.language,
      code: input.code,
      userInput: input.userInput,
      expectedOutput: input.expectedOutput ?? null,
      problemJudgeMode: problem.judgeMode,
      status: JudgeStatus.PENDING,
    });
    await enqueue(tx, { kind: 'test', testKey: key, language: input.language });
  });
  notifyQueued(ctx);
  return key;
}

/** GET /api/get-test-judge-result: the run's status and outputs; 404 unknown key, 403 for anyone but its owner. */
export async function getTestJudgeResult(ctx: AppContext, user: SessionUser, key: string) {
  const [t] = await ctx.db.select().from(testJudges).where(eq(testJudges.key, key));
  if (!t) throw notFound('submission.testRunNotFound');
  if (t.uid !== user.uid) throw forbidden('submission.testRunNotYours');
  return {
    status: t.status,
    userInput: t.userInput,
    expectedOutput: t.expectedOutput,
    userOutput: t.userOutput,
    time: t.time,
    memory: t.memory,
    stderr: t.stderr,
    errorMessage: t.errorMessage,
    problemJudgeMode: t.problemJudgeMode,
  };
}
