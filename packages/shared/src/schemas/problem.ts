import { z } from 'zod';
import type { MessageKey } from '../messages/format.js';

/** Shapes of the public problem API (doc 2 §2.1, §3 "Problem"). */

export interface TagVo {
  id: number;
  name: string;
  color: string;
}

/** Filters of the problem list (doc 2 §2.1). */
export interface ProblemListFilter {
  keyword?: string;
  difficulty?: number;
  /** 'ME' local problems, a remote OJ name (HDU, CF…), absent or 'All' for every problem. */
  oj?: string;
  tagId?: number;
  currentPage: number;
  limit: number;
}

/** A row of GET /api/get-problem-list. */
export interface ProblemListItem {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  /** 0 ACM, 1 OI. */
  type: number;
  tags: TagVo[];
  total: number;
  ac: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  ce: number;
  se: number;
  pa: number;
}

/**
 * The admin-edited columns of a problem (doc 3 §3): shared by the server's validated draft and the admin API's
 * problem. time ms, memory and stack MB. The judge modes and the remote OJ are typed by each side.
 */
export interface ProblemColumns {
  problemId: string;
  title: string;
  author: string;
  type: number;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string;
  source: string;
  difficulty: number;
  auth: number;
  ioScore: number;
  codeShare: boolean;
  spjCode: string | null;
  spjLanguage: string | null;
  spjProtocol: string;
  userExtraFile: Record<string, string> | null;
  judgeExtraFile: Record<string, string> | null;
  isRemoveEndBlank: boolean;
  /** Borderline TLE re-check (docs/judging.md): `default` (the site's switch config), `on`, `off`. */
  tleRecheck: string;
  /** Its margin in whole percent of the time limit; null = the site's margin. */
  tleRecheckMargin: number | null;
  openCaseResult: boolean;
  isUploadCase: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  isRemote: boolean;
  gid: number | null;
}

/** Limits of admin problem fields (doc 3 §3, §5): ms and MB. Checked by the admin form and by the server. */
export const PROBLEM_LIMITS = {
  timeLimitMs: { min: 1, max: 30_000 },
  memoryLimitMb: { min: 1, max: 4096 },
  stackLimitMb: { min: 1, max: 4096 },
  maxExamples: 2,
  problemIdMax: 100,
  titleMax: 255,
} as const;

/** Special judge / interactor protocols a problem may name (doc 3 §5). */
export const SPJ_PROTOCOLS = ['testlib', 'hustoj', 'kattis'] as const;

/** Characters a problem id may use: letters, digits, '-', '_', '.' and '+'. */
export const PROBLEM_ID_PATTERN = /^[A-Za-z0-9_\-.+]+$/;
/** Characters of a plain file name (file IO names, extra files): letters, digits, '.', '-', '_'. */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_\-.]+$/;

/** True for a whole number from `range.min` to `range.max`. */
export function isIntIn(n: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}

/** Zod's `error` option naming a message-catalogue key (its text is the failure's message). */
const msg = (key: MessageKey) => ({ error: key });

const requiredText = (max?: number) => {
  const s = z.string(msg('validation.required')).trim().min(1, msg('validation.required'));
  return max ? s.max(max, msg('validation.tooLong')) : s;
};
const intIn = (range: { min: number; max: number }) =>
  z
    .number(msg('validation.intRange'))
    .int(msg('validation.intRange'))
    .min(range.min, msg('validation.intRange'))
    .max(range.max, msg('validation.intRange'));
const plainFileName = requiredText().regex(FILE_NAME_PATTERN, msg('problem.badFileName'));

/**
 * The per-field rules of an admin problem (doc 3 §5), one zod schema per form field: what the admin form checks
 * before sending, every field at once. A failure's message is a message-catalogue key whose parameters are the
 * field's name and the schema's own bounds (`min`/`max`: length for text, value for numbers). Rules that join
 * several fields (test cases, templates, tags) stay in the form model; the server checks everything again.
 */
export const problemFieldRules = {
  problemId: requiredText(PROBLEM_LIMITS.problemIdMax).regex(PROBLEM_ID_PATTERN, msg('problem.badProblemId')),
  title: requiredText(PROBLEM_LIMITS.titleMax),
  timeLimit: intIn(PROBLEM_LIMITS.timeLimitMs),
  memoryLimit: intIn(PROBLEM_LIMITS.memoryLimitMb),
  stackLimit: intIn(PROBLEM_LIMITS.stackLimitMb),
  input: requiredText(),
  output: requiredText(),
  languages: z.array(z.string(), msg('problem.languagesRequired')).min(1, msg('problem.languagesRequired')),
  spjLanguage: requiredText(),
  spjCode: requiredText(),
  ioReadFileName: plainFileName,
  ioWriteFileName: plainFileName,
} as const;

/**
 * An entry of GET /api/get-full-screen-problem-list?cid= or ?tid= (doc 2 §2.2, §7): the focus-mode problem strip.
 * `problemId` is the display id in the contest or training; `status` the caller's (-10 not submitted, -5 while an
 * OI contest's results are hidden); `score` the caller's best OI score, null when none or hidden.
 */
export interface FullScreenProblemVo {
  pid: number;
  problemId: string;
  title: string;
  status: number;
  score: number | null;
}
