import { randomUUID } from 'node:crypto';
import { type JudgeResult, JudgeStatus, type JudgeTask, ProblemType } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Db } from '../../db/client.js';
import { compileChecks, languages } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { enqueue, type LeasedJob, notifyQueued } from '../judge/queue.js';
import type { Tx } from './problem.store.js';
import { isSafeFileName } from './problem.validate.js';

/** What is compiled: a special judge (checker) or an interactor. */
export type CompileMode = 'spj' | 'interactive';

/** A compile-check request (doc 3 §7 "Compile special-judge or interactive code"). */
export interface CompileCheckInput {
  code: string;
  language: string;
  /** Files written beside the source (name -> content), e.g. testlib.h. */
  extraFiles?: Record<string, string> | null;
}

/** What GET compile-result answers. */
export interface CompileCheckView {
  status: 'queued' | 'ok' | 'error';
  /** Compiler output for `error`; '' otherwise. */
  message: string;
}

/** Most characters of compiler output kept. */
const MESSAGE_MAX = 64 * 1024;

/**
 * Queues a compile check of special-judge / interactor code for a judgehost (the server never compiles):
 * validates the language (one of the judge's special-judge languages) and the extra file names (400 naming the
 * field), stores a compile_checks row and a judge_jobs row of kind 'compile' in the test lane. Returns the key.
 */
export async function queueCompileCheck(
  ctx: AppContext,
  user: SessionUser,
  mode: CompileMode,
  input: CompileCheckInput,
): Promise<string> {
  if (!input.code.trim()) throw badRequest('problem.compileCodeRequired');
  const [lang] = await ctx.db
    .select({ name: languages.name })
    .from(languages)
    .where(and(eq(languages.oj, 'ME'), eq(languages.name, input.language), eq(languages.isSpj, true)));
  if (!lang) throw badRequest('problem.notSpjLanguage', { language: input.language });
  for (const [name, content] of Object.entries(input.extraFiles ?? {})) {
    if (!isSafeFileName(name)) throw badRequest('problem.extraFileName', { field: 'extraFiles', name });
    if (typeof content !== 'string')
      throw badRequest('problem.extraFileNotText', { field: 'extraFiles', name });
  }
  const key = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(compileChecks).values({
      key,
      uid: user.uid,
      mode,
      language: input.language,
      code: input.code,
      extraFiles: input.extraFiles ?? null,
    });
    await enqueue(tx, { kind: 'compile', testKey: key, language: input.language });
  });
  notifyQueued(ctx);
  return key;
}

/** The state of a compile check queued by `user`; 404 for an unknown key or someone else's check. */
export async function getCompileCheck(
  ctx: AppContext,
  user: SessionUser,
  key: string,
): Promise<CompileCheckView> {
  const [row] = await ctx.db
    .select()
    .from(compileChecks)
    .where(and(eq(compileChecks.key, key), eq(compileChecks.uid, user.uid)));
  if (!row) throw notFound('problem.compileCheckNotFound');
  const status = row.status === 'ok' || row.status === 'error' ? row.status : 'queued';
  return { status, message: row.message };
}

/**
 * The task a judgehost receives for a leased compile job: code and language, the extra files as
 * problem.judgeExtraFile, other problem fields neutral. Returns null when the check vanished.
 */
export async function buildCompileTask(db: Db, job: LeasedJob): Promise<JudgeTask | null> {
  if (!job.testKey) return null;
  const [c] = await db.select().from(compileChecks).where(eq(compileChecks.key, job.testKey));
  if (!c) return null;
  const judgeMode = c.mode === 'interactive' ? 'interactive' : 'spj';
  return {
    jobId: job.id,
    kind: 'compile',
    submitId: null,
    testKey: c.key,
    version: job.submissionVersion,
    language: c.language,
    code: c.code,
    problem: {
      pid: 0,
      problemId: '',
      caseVersion: c.key,
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      stackLimitMb: 128,
      type: ProblemType.ACM,
      ioScore: 0,
      judgeMode,
      judgeCaseMode: 'default',
      isRemoveEndBlank: true,
      isFileIO: false,
      ioReadFileName: null,
      ioWriteFileName: null,
      spj: { code: c.code, language: c.language, protocol: 'testlib' },
      userExtraFile: null,
      judgeExtraFile: c.extraFiles ?? null,
      difficulty: 0,
    },
    testcases: [],
    userInput: null,
    expectedOutput: null,
  };
}

/**
 * Stores a judgehost's compile result (inside the result transaction): Accepted is `ok`, anything else `error`
 * with the errorMessage (truncated to 64 K characters).
 */
export async function applyCompileResult(tx: Tx, key: string, r: JudgeResult): Promise<void> {
  const ok = r.status === JudgeStatus.ACCEPTED;
  const message = ok ? '' : (r.errorMessage ?? 'Compile failed').slice(0, MESSAGE_MAX);
  await tx
    .update(compileChecks)
    .set({ status: ok ? 'ok' : 'error', message })
    .where(eq(compileChecks.key, key));
}
