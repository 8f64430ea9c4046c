import {
  casesScore,
  DIFFICULTY_CODES,
  FILE_NAME_PATTERN,
  isIntIn,
  isSubtaskMode,
  JUDGE_CASE_MODES,
  JUDGE_MODES,
  type JudgeCaseModeName,
  type JudgeModeName,
  LIMITS,
  PROBLEM_ID_PATTERN,
  PROBLEM_LIMITS,
  ProblemAuth,
  type ProblemColumns,
  ProblemType,
  SPJ_PROTOCOLS,
} from '@oj/shared';
import { badRequest } from '../../lib/errors.js';
import { checkCaseName } from '../file/testcase/case-name.js';
import type { ProblemBody } from './problem.schema.js';

export { PROBLEM_LIMITS, SPJ_PROTOCOLS };

/** The problem's own columns as validated and defaulted (no counts, no ids). */
export interface ProblemFieldsDraft extends ProblemColumns {
  judgeMode: JudgeModeName;
  judgeCaseMode: JudgeCaseModeName;
  remoteOj: string | null;
}

/** A test case as typed by hand (data) or chosen from an uploaded folder (file names). */
export interface CaseDraft {
  input: string;
  output: string;
  score: number;
  groupNum: number;
}

export type CasesDraft =
  | { kind: 'keep'; scores: CaseDraft[] | null }
  | { kind: 'manual'; list: CaseDraft[] }
  | { kind: 'upload'; dir: string; list: CaseDraft[] };

export interface ProblemDraft {
  fields: ProblemFieldsDraft;
  cases: CasesDraft;
  /** Existing tag ids and new tag names (created on the fly). */
  tags: { id?: number; name?: string; color?: string }[];
  /** Language ids or names; resolved against the languages table. */
  languages: { id?: number; name?: string }[];
  codeTemplates: { lid?: number; language?: string; code: string; status: boolean }[];
}

/** True for a plain file name (no folders, not `.`/`..`): used for file IO names and extra files. */
export function isSafeFileName(name: string): boolean {
  return FILE_NAME_PATTERN.test(name) && name !== '.' && name !== '..' && name.length <= 100;
}

function intIn(
  v: number | undefined,
  def: number,
  field: string,
  range: { min: number; max: number },
): number {
  const n = v ?? def;
  if (!isIntIn(n, range)) throw badRequest('validation.intRange', { field, min: range.min, max: range.max });
  return n;
}

function required(v: string | undefined | null, field: string, max?: number): string {
  const s = (v ?? '').trim();
  if (!s) throw badRequest('validation.required', { field });
  if (max && s.length > max) throw badRequest('validation.tooLong', { field, max });
  return s;
}

function parseScore(v: unknown, field: string, oi: boolean): number {
  if (v == null || v === '') {
    if (oi) throw badRequest('problem.requiredForOi', { field });
    return 0;
  }
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 0) throw badRequest('validation.nonNegativeInt', { field });
  return n;
}

function parseGroup(v: unknown, field: string, subtask: boolean): number {
  if (v == null || v === '') {
    if (subtask) throw badRequest('problem.requiredForSubtasks', { field });
    return 1;
  }
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest('validation.positiveInt', { field });
  return n;
}

/**
 * Checks an admin problem body against every rule of doc 3 §5 and fills the defaults of doc 3 §9; `existing`
 * true for PUT (where an upload may be kept). Returns the draft; throws 400 naming the field on the first broken
 * rule.
 */
export function validateProblemBody(body: ProblemBody, existing: boolean): ProblemDraft {
  const p = body.problem;
  const problemId = required(p.problemId, 'problem.problemId', PROBLEM_LIMITS.problemIdMax);
  if (!PROBLEM_ID_PATTERN.test(problemId))
    throw badRequest('problem.badProblemId', { field: 'problem.problemId' });
  const title = required(p.title, 'problem.title', PROBLEM_LIMITS.titleMax);
  required(p.input, 'problem.input (input description)');
  required(p.output, 'problem.output (output description)');
  const type = p.type ?? ProblemType.ACM;
  if (type !== ProblemType.ACM && type !== ProblemType.OI) throw badRequest('problem.badType');
  const timeLimit = intIn(
    p.timeLimit,
    LIMITS.defaultTimeLimitMs,
    'problem.timeLimit (ms)',
    PROBLEM_LIMITS.timeLimitMs,
  );
  const memoryLimit = intIn(
    p.memoryLimit,
    LIMITS.defaultMemoryLimitMb,
    'problem.memoryLimit (MB)',
    PROBLEM_LIMITS.memoryLimitMb,
  );
  const stackLimit = intIn(
    p.stackLimit,
    LIMITS.defaultStackLimitMb,
    'problem.stackLimit (MB)',
    PROBLEM_LIMITS.stackLimitMb,
  );
  const examples = p.examples ?? [];
  if (examples.length > PROBLEM_LIMITS.maxExamples)
    throw badRequest('problem.tooManyExamples', { max: PROBLEM_LIMITS.maxExamples });
  const difficulty = p.difficulty ?? 0;
  if (!DIFFICULTY_CODES.includes(difficulty))
    throw badRequest('validation.oneOf', {
      field: 'problem.difficulty',
      values: DIFFICULTY_CODES.join(', '),
    });
  const auth = p.auth ?? ProblemAuth.PUBLIC;
  if (!(Object.values(ProblemAuth) as number[]).includes(auth))
    throw badRequest('problem.badAuth', { field: 'problem.auth' });
  const judgeMode = (body.judgeMode ?? p.judgeMode ?? 'default') as JudgeModeName;
  if (!JUDGE_MODES.includes(judgeMode))
    throw badRequest('validation.oneOf', { field: 'judgeMode', values: JUDGE_MODES.join(', ') });
  const judgeCaseMode = (p.judgeCaseMode ?? 'default') as JudgeCaseModeName;
  if (!JUDGE_CASE_MODES.includes(judgeCaseMode))
    throw badRequest('validation.oneOf', {
      field: 'problem.judgeCaseMode',
      values: JUDGE_CASE_MODES.join(', '),
    });
  const isFileIO = p.isFileIO ?? false;
  let ioReadFileName: string | null = null;
  let ioWriteFileName: string | null = null;
  if (isFileIO) {
    ioReadFileName = required(p.ioReadFileName, 'problem.ioReadFileName (file IO input file name)');
    ioWriteFileName = required(p.ioWriteFileName, 'problem.ioWriteFileName (file IO output file name)');
    for (const [f, v] of [
      ['problem.ioReadFileName', ioReadFileName],
      ['problem.ioWriteFileName', ioWriteFileName],
    ] as const) {
      if (!isSafeFileName(v)) throw badRequest('problem.badFileName', { field: f });
    }
  }
  let spjCode: string | null = null;
  let spjLanguage: string | null = null;
  const spjProtocol = p.spjProtocol ?? 'testlib';
  if (!(SPJ_PROTOCOLS as readonly string[]).includes(spjProtocol))
    throw badRequest('validation.oneOf', { field: 'problem.spjProtocol', values: SPJ_PROTOCOLS.join(', ') });
  if (judgeMode !== 'default') {
    const what = judgeMode === 'spj' ? 'special judge' : 'interactive judge';
    spjCode = required(p.spjCode, `problem.spjCode (${what} code)`);
    spjLanguage = required(p.spjLanguage, `problem.spjLanguage (${what} language)`);
  }
  for (const [field, map] of [
    ['problem.userExtraFile', p.userExtraFile],
    ['problem.judgeExtraFile', p.judgeExtraFile],
  ] as const) {
    for (const [name, content] of Object.entries(map ?? {})) {
      if (!isSafeFileName(name)) throw badRequest('problem.extraFileName', { field, name });
      if (content === '') throw badRequest('problem.extraFileEmpty', { field, name });
    }
  }
  const isRemote = p.isRemote ?? false;
  const oi = type === ProblemType.OI;
  const subtask = isSubtaskMode(judgeCaseMode);
  const toCases = (list: NonNullable<ProblemBody['samples']>, upload: boolean): CaseDraft[] =>
    list.map((c, i) => {
      if (upload && (!c.input || !c.output) && judgeMode === 'default')
        throw badRequest('problem.caseFileNames', { index: i });
      if (!upload && !c.input && !c.output) throw badRequest('problem.caseEmpty', { index: i });
      if (upload && c.input) checkCaseName(c.input, `samples[${i}].input`);
      if (upload && c.output) checkCaseName(c.output, `samples[${i}].output`);
      return {
        input: c.input,
        output: c.output,
        score: parseScore(c.score, `samples[${i}].score`, oi),
        groupNum: parseGroup(c.groupNum, `samples[${i}].groupNum`, subtask),
      };
    });
  let cases: CasesDraft;
  const isUpload = body.isUploadTestCase ?? p.isUploadCase ?? false;
  if (isUpload) {
    const dir = body.uploadTestcaseDir?.trim();
    if (dir) {
      if (!body.samples?.length) throw badRequest('problem.uploadedCasesEmpty');
      cases = { kind: 'upload', dir, list: toCases(body.samples, true) };
    } else if (existing) {
      cases = { kind: 'keep', scores: body.samples?.length ? toCases(body.samples, true) : null };
    } else if (isRemote) {
      cases = { kind: 'manual', list: [] };
    } else {
      throw badRequest('problem.uploadZipFirst');
    }
  } else if (isRemote && !body.samples?.length) {
    cases = { kind: 'manual', list: [] };
  } else {
    if (!body.samples?.length) throw badRequest('problem.casesRequired');
    cases = { kind: 'manual', list: toCases(body.samples, false) };
  }
  let ioScore = p.ioScore ?? 100;
  if (oi && cases.kind !== 'keep') ioScore = casesScore(cases.list, judgeCaseMode);
  else if (oi && cases.kind === 'keep' && cases.scores) ioScore = casesScore(cases.scores, judgeCaseMode);
  if (!Number.isInteger(ioScore) || ioScore < 0)
    throw badRequest('validation.nonNegativeInt', { field: 'problem.ioScore' });

  const languages = (body.languages ?? []).map((l) => (typeof l === 'string' ? { name: l } : l));
  if (!isRemote && languages.length === 0)
    throw badRequest('problem.languagesRequired', { field: 'languages' });
  const codeTemplates = body.codeTemplates ?? [];
  codeTemplates.forEach((t, i) => {
    if (t.lid == null && !t.language) throw badRequest('problem.templateLanguage', { index: i });
    if (t.status && !t.code.trim())
      throw badRequest('problem.templateEmpty', { index: i, language: String(t.language ?? t.lid) });
  });
  const tags = (body.tags ?? []).map((t) => (typeof t === 'string' ? { name: t } : t));
  const seen = new Set<string>();
  tags.forEach((t, i) => {
    const name = t.name?.trim();
    if (t.id == null && !name) throw badRequest('problem.tagNameRequired', { index: i });
    const key = t.id != null ? `#${t.id}` : `n:${name?.toLowerCase()}`;
    const keyName = name ? `n:${name.toLowerCase()}` : key;
    if (seen.has(key) || seen.has(keyName))
      throw badRequest('problem.duplicateTag', { name: String(name ?? t.id) });
    seen.add(key);
    seen.add(keyName);
  });

  return {
    fields: {
      problemId,
      title,
      author: p.author ?? '',
      type,
      timeLimit,
      memoryLimit,
      stackLimit,
      description: p.description ?? '',
      input: p.input ?? '',
      output: p.output ?? '',
      examples,
      hint: p.hint ?? '',
      source: p.source ?? '',
      difficulty,
      auth,
      ioScore,
      codeShare: p.codeShare ?? true,
      judgeMode,
      judgeCaseMode,
      spjCode,
      spjLanguage,
      spjProtocol,
      userExtraFile: p.userExtraFile ?? null,
      judgeExtraFile: p.judgeExtraFile ?? null,
      isRemoveEndBlank: p.isRemoveEndBlank ?? true,
      tleRecheck: p.tleRecheck ?? 'default',
      tleRecheckMargin: p.tleRecheckMargin ?? null,
      openCaseResult: p.openCaseResult ?? false,
      isUploadCase: isUpload,
      isFileIO,
      ioReadFileName,
      ioWriteFileName,
      isRemote,
      remoteOj: isRemote ? (p.remoteOj ?? null) : null,
      gid: p.gid ?? null,
    },
    cases,
    tags,
    languages,
    codeTemplates,
  };
}
