import { z } from 'zod';
import { RemoteOj } from '../constants/enums.js';
import { TLE_RECHECK_MARGIN } from '../constants/tle-recheck.js';

/**
 * The judge protocol between the server and judgehosts (docs/judge-protocol.md). Judgehosts authenticate with
 * the judge token in the `X-Judge-Token` header and never touch the database. All under `/api/judge/`:
 *
 * - POST register   body JudgehostInfo                  -> { judgehostId }
 * - POST heartbeat  body Heartbeat                      -> { ok: true }
 * - POST lease      body LeaseRequest (may wait ~20 s)  -> { task: JudgeTask | null }
 * - GET  blob/:hash                                     -> raw bytes (test data, by sha256 hex)
 * - POST progress   body JudgeProgress                  -> { accepted: boolean }
 * - POST result     body JudgeResult                    -> { accepted: boolean } (accepted once per job)
 */

export const judgeLanguageInfo = z.object({
  name: z.string(),
  version: z.string(),
  available: z.boolean(),
});

export const judgehostInfo = z.object({
  /** Stable id the judgehost chose (persisted in its cache dir); the server keeps one row per id. */
  judgehostId: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  hostname: z.string().max(255).default(''),
  version: z.string().max(50).default(''),
  cpuCount: z.number().int().min(1),
  workers: z.number().int().min(1),
  languages: z.array(judgeLanguageInfo),
  /** Why this judgehost cannot judge (its sandbox failed its check: it leases nothing); null while it can. */
  problem: z.string().max(2000).nullable().default(null),
});
export type JudgehostInfo = z.infer<typeof judgehostInfo>;

export const heartbeat = z.object({
  judgehostId: z.string().min(1).max(100),
  running: z.number().int().min(0).max(100_000),
  /** Load average; bounded so that it fits the database's real column. */
  load: z.number().min(0).max(1_000_000),
  /** Jobs this judgehost is working on: their leases are extended. */
  jobIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(10_000).default([]),
  /** As in register: why this judgehost cannot judge now, null while it can. */
  problem: z.string().max(2000).nullable().default(null),
});
export type Heartbeat = z.infer<typeof heartbeat>;

/**
 * The remote judges of the spec (doc 1 §1, `RemoteOj` in constants/enums.ts), by HOJ's names: a remote problem's `remoteOj` and the prefix of its
 * problem id (`HDU-1000`, `CF-1A`, `GYM-100001A`, `POJ-1000`, `AC-abc001_a`, `SPOJ-TEST`). GYM uses CF's accounts.
 */
export const remoteOj = z.enum(RemoteOj);
export type RemoteOjName = z.infer<typeof remoteOj>;

/**
 * What a remote-judge job carries (docs/remote-judges.md): the OJ, the problem's id on that site (`1000`, `1A`,
 * `100001A`, `abc001_a`, `TEST`), and the pool account the server claimed for it (row-locked, released when the
 * result arrives or the lease lapses). The password travels only to a judgehost (judge token), never to a user.
 * `previousRunId`/`previousAccountId`: a rejudge of a submission already on the site (POJ re-reads it with the
 * original account instead of submitting again).
 */
export const remoteJudgeTask = z.object({
  oj: remoteOj,
  problemId: z.string().min(1).max(64),
  account: z.object({ id: z.number().int(), username: z.string(), password: z.string() }),
  previousRunId: z.string().nullable().default(null),
});
export type RemoteJudgeTask = z.infer<typeof remoteJudgeTask>;

/** What a judgehost reports of a remote-judge job: the site's run id (null when it never got one) and the account. */
export const remoteJudgeOutcome = z.object({
  runId: z.string().max(64).nullable(),
  accountId: z.number().int(),
});
export type RemoteJudgeOutcome = z.infer<typeof remoteJudgeOutcome>;

export const leaseRequest = z.object({
  judgehostId: z.string().min(1).max(100),
  /** This judgehost takes remote-judge jobs (it can reach the sites; `OJ_REMOTE_JUDGE=true`). Default: never. */
  remote: z.boolean().optional(),
  /** Lanes this worker takes: `judge` (submissions, contest first) and/or `test` (test runs). */
  lanes: z
    .array(z.enum(['judge', 'test']))
    .min(1)
    .default(['judge', 'test']),
  /** Max seconds the server may hold the request open waiting for a job (0 = answer at once). */
  waitSeconds: z.number().int().min(0).max(30).default(20),
});
export type LeaseRequest = z.infer<typeof leaseRequest>;

/** Jobs a judgehost gives back unjudged (e.g. leased just as it was stopping): queued again, no attempt counted. */
export const judgeRelease = z.object({
  judgehostId: z.string().min(1).max(100),
  jobIds: z.array(z.number().int()).min(1).max(64),
});
export type JudgeRelease = z.infer<typeof judgeRelease>;

export const judgeTestcase = z.object({
  index: z.number().int().min(1),
  inputName: z.string(),
  outputName: z.string(),
  inputHash: z.string(),
  outputHash: z.string(),
  inputSize: z.number().int().min(0),
  outputSize: z.number().int().min(0),
  score: z.number().int().min(0),
  groupNum: z.number().int(),
});
export type JudgeTestcase = z.infer<typeof judgeTestcase>;

export const judgeProblem = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  /** Changes when test data, checker or limits change: cache key for compiled checkers. */
  caseVersion: z.string(),
  /** Problem limits as set (C/C++ values); the judgehost applies the language factor. */
  timeLimitMs: z.number().int().min(1),
  memoryLimitMb: z.number().int().min(1),
  stackLimitMb: z.number().int().min(1),
  /** 0 ACM, 1 OI */
  type: z.number().int(),
  ioScore: z.number().int().min(0),
  judgeMode: z.enum(['default', 'spj', 'interactive']),
  judgeCaseMode: z.enum(['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error']),
  isRemoveEndBlank: z.boolean(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  /** Special judge / interactor program, when judgeMode is not default. */
  spj: z
    .object({ code: z.string(), language: z.string(), protocol: z.enum(['testlib', 'hustoj', 'kattis']) })
    .nullable(),
  /** Files placed beside the user's program (name -> content). */
  userExtraFile: z.record(z.string(), z.string()).nullable(),
  /** Files placed beside the checker / interactor, e.g. testlib.h (name -> content). */
  judgeExtraFile: z.record(z.string(), z.string()).nullable(),
  difficulty: z.number().int().default(0),
  /**
   * Borderline time limits looked at twice (docs/judging.md "Borderline TLE re-check"): the policy the server
   * resolved from the problem's switch and the site default. A case whose run ended by itself with CPU time above
   * the limit by at most `marginPercent` % is run once more. Absent or null: off (also what a server sends that
   * predates the field).
   */
  tleRecheck: z
    .object({ marginPercent: z.number().int().min(TLE_RECHECK_MARGIN.min).max(TLE_RECHECK_MARGIN.max) })
    .nullable()
    .optional(),
});
export type JudgeProblem = z.infer<typeof judgeProblem>;

export const judgeTask = z.object({
  jobId: z.number().int(),
  /**
   * `compile`: compile-check only (admin problem form, test lane): `code` in `language` with
   * problem.judgeExtraFile beside it; testKey is the check's key; the result is 0 (compiled) or -2 with errorMessage.
   */
  kind: z.enum(['judge', 'test', 'compile']),
  submitId: z.number().int().nullable(),
  testKey: z.string().nullable(),
  /** Submission version (bumped by rejudge); echoed back in the result. */
  version: z.number().int(),
  language: z.string(),
  code: z.string(),
  problem: judgeProblem,
  /** For `judge`: the problem's test cases. For `test`: empty (userInput is the one input). */
  testcases: z.array(judgeTestcase),
  userInput: z.string().nullable(),
  expectedOutput: z.string().nullable(),
  /** Set for a remote problem's submission: judged on its own site, not in the sandbox (testcases empty). */
  remote: remoteJudgeTask.nullish(),
});
export type JudgeTask = z.infer<typeof judgeTask>;

export const judgeProgress = z.object({
  judgehostId: z.string(),
  jobId: z.number().int(),
  /** 6 Compiling or 7 Judging */
  status: z.number().int(),
  /** Cases finished so far (the case being run is judged + 1); sent at compile start and per case, throttled. */
  judged: z.number().int().min(0).max(100_000).optional(),
  /** Cases the task has (0 for test runs and compile checks). */
  total: z.number().int().min(0).max(100_000).optional(),
});
export type JudgeProgress = z.infer<typeof judgeProgress>;

export const caseResult = z.object({
  index: z.number().int(),
  status: z.number().int(),
  /** CPU time, ms */
  time: z.number().int().min(0),
  /** Peak memory, KB */
  memory: z.number().int().min(0),
  score: z.number().int().min(0).nullable(),
  groupNum: z.number().int().nullable(),
  /** Truncated previews (only filled where the problem opens case results) */
  inputData: z.string().nullable(),
  outputData: z.string().nullable(),
  userOutput: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * Set when the case was run twice for a borderline TLE: the CPU times (ms) of the first and the second run. The
   * case's own status, time and output are those of the run that counts (docs/judging.md). Null or absent: run once.
   */
  rerun: z
    .object({ firstMs: z.number().int().min(0), secondMs: z.number().int().min(0) })
    .nullable()
    .optional(),
});
export type CaseResult = z.infer<typeof caseResult>;

export const judgeResult = z.object({
  judgehostId: z.string(),
  jobId: z.number().int(),
  version: z.number().int(),
  status: z.number().int(),
  /** OI score (sum per the case mode); null for ACM */
  score: z.number().int().nullable(),
  /** OI rank score per HOJ's formula; null for ACM */
  oiRankScore: z.number().int().nullable(),
  /** Max over cases, ms / KB */
  time: z.number().int().min(0),
  memory: z.number().int().min(0),
  /** Compile error or system error text (truncated) */
  errorMessage: z.string().nullable(),
  cases: z.array(caseResult),
  /** Test runs only */
  userOutput: z.string().nullable().default(null),
  stderr: z.string().nullable().default(null),
  /**
   * Remote-judge jobs only: the site's run id and the account used. `status` is the mapped verdict, or
   * SUBMITTED_FAILED when the site could not take or judge it (the user may resubmit, doc 2 §2.4).
   */
  remote: remoteJudgeOutcome.nullish(),
});
export type JudgeResult = z.infer<typeof judgeResult>;

/** Answers of the judge protocol (the `data` of `{ status, msg, data }`), published in the OpenAPI document. */
export const judgeProtocolAnswers = {
  /** POST register -> the judgehost's id, as sent. */
  register: z.object({ judgehostId: z.string() }),
  /** POST heartbeat -> always ok (404 when the judgehost is not registered). */
  heartbeat: z.object({ ok: z.literal(true) }),
  /** POST lease -> a job, or null when none came within waitSeconds. */
  lease: z.object({ task: judgeTask.nullable() }),
  /** POST release -> how many of the jobs went back to the queue. */
  release: z.object({ released: z.number().int() }),
  /** POST progress -> whether the job is still this judgehost's (false: stop judging it). */
  progress: z.object({ accepted: z.boolean() }),
  /** POST result -> true once per job and version; false for a stale or repeated result. */
  result: z.object({ accepted: z.boolean() }),
};
