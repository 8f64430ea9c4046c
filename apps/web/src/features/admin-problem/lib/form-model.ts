import {
  FILE_NAME_PATTERN,
  isSubtaskMode,
  type JudgeCaseModeName,
  type JudgeModeName,
  LIMITS,
  ProblemAuth,
  ProblemType,
  TLE_RECHECK_MODES,
  type TleRecheckMode,
} from '@oj/shared';
import type { AdminCase, AdminProblem, ProblemBody } from '../api/admin-problem.js';

/**
 * The problem editor's model (doc 3 §3 admin problem fields, §4, §5): form values, their defaults, the
 * conversion from / to the server's body, the OI score spread and the client-side checks of doc 3 §5.
 * Pure functions only, so the rules are unit-tested without a browser.
 */

/** A test case row: typed text (manual) or file names (uploaded zip); score and subtask group. */
export interface CaseRow {
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

/** An extra file (user or judge side): plain file name and its text. */
export interface FileRow {
  name: string;
  content: string;
}

/** A language's code template: enabled flag and code. */
export interface TemplateRow {
  status: boolean;
  code: string;
}

export interface ProblemFormValues {
  problemId: string;
  title: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** MB */
  stackLimit: number;
  difficulty: number;
  type: number;
  auth: number;
  tags: string[];
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  author: string;
  languages: string[];
  templates: Record<string, TemplateRow>;
  examples: { input: string; output: string }[];
  isUploadCase: boolean;
  /** Folder token of a fresh zip upload; null keeps the stored uploaded cases (edit). */
  uploadDir: string | null;
  uploadedCases: CaseRow[];
  cases: CaseRow[];
  judgeMode: JudgeModeName;
  spjLanguage: string | null;
  spjCode: string;
  spjProtocol: string;
  judgeCaseMode: JudgeCaseModeName;
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  isRemoveEndBlank: boolean;
  /** Borderline TLE re-check: `default` (the site's Switch config), `on`, `off`; margin % (null = site's). */
  tleRecheck: TleRecheckMode;
  tleRecheckMargin: number | null;
  openCaseResult: boolean;
  codeShare: boolean;
  userExtraFiles: FileRow[];
  judgeExtraFiles: FileRow[];
}

/** A check failure: an `adminProblem:` message key, its parameters and the form field it belongs under. */
export interface FormIssue {
  key: string;
  params?: Record<string, string | number>;
  field?: keyof ProblemFormValues;
}

/** Defaults of a new problem (doc 3 §9: 1000 ms, 256 MB, 128 MB; public; ACM). */
export function emptyForm(author = ''): ProblemFormValues {
  return {
    problemId: '',
    title: '',
    timeLimit: LIMITS.defaultTimeLimitMs,
    memoryLimit: LIMITS.defaultMemoryLimitMb,
    stackLimit: LIMITS.defaultStackLimitMb,
    difficulty: 0,
    type: ProblemType.ACM,
    auth: ProblemAuth.PUBLIC,
    tags: [],
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    author,
    languages: [],
    templates: {},
    examples: [{ input: '', output: '' }],
    isUploadCase: false,
    uploadDir: null,
    uploadedCases: [],
    cases: [{ input: '', output: '', score: null, groupNum: null }],
    judgeMode: 'default',
    spjLanguage: null,
    spjCode: '',
    spjProtocol: 'testlib',
    judgeCaseMode: 'default',
    isFileIO: false,
    ioReadFileName: '',
    ioWriteFileName: '',
    isRemoveEndBlank: true,
    tleRecheck: 'default',
    tleRecheckMargin: null,
    openCaseResult: false,
    codeShare: true,
    userExtraFiles: [],
    judgeExtraFiles: [],
  };
}

/**
 * Spreads 100 points over `n` cases (doc 3 §4, switching to OI): each gets floor(100 / n), the remainder goes
 * one point each to the last cases. Empty for n = 0.
 */
export function spreadScores(n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(100 / n);
  const rest = 100 - base * n;
  return Array.from({ length: n }, (_v, i) => (i >= n - rest ? base + 1 : base));
}

/** Applies the OI spread to a case list (scores replaced, the rest kept). */
export function withSpreadScores(list: CaseRow[]): CaseRow[] {
  const s = spreadScores(list.length);
  return list.map((c, i) => ({ ...c, score: s[i] }));
}

const toFiles = (m: Record<string, string> | null): FileRow[] =>
  Object.entries(m ?? {}).map(([name, content]) => ({ name, content }));
const fromFiles = (l: FileRow[]): Record<string, string> | null =>
  l.length ? Object.fromEntries(l.map((f) => [f.name.trim(), f.content])) : null;

/** Form values of a stored problem and its cases (edit mode). */
export function fromProblem(p: AdminProblem, cases: AdminCase[]): ProblemFormValues {
  const rows: CaseRow[] = cases.map((c) => ({
    input: c.input,
    output: c.output,
    score: c.score,
    groupNum: c.groupNum,
  }));
  const templates: Record<string, TemplateRow> = {};
  for (const t of p.codeTemplates) templates[t.language] = { status: t.status, code: t.code };
  return {
    ...emptyForm(p.author),
    problemId: p.problemId,
    title: p.title,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    difficulty: p.difficulty,
    type: p.type,
    auth: p.auth,
    tags: p.tags.map((t) => t.name),
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    languages: p.languages,
    templates,
    examples: p.examples,
    isUploadCase: p.isUploadCase,
    uploadDir: null,
    uploadedCases: p.isUploadCase ? rows : [],
    cases: p.isUploadCase ? [] : rows,
    judgeMode: p.judgeMode as JudgeModeName,
    spjLanguage: p.spjLanguage,
    spjCode: p.spjCode ?? '',
    spjProtocol: p.spjProtocol || 'testlib',
    judgeCaseMode: p.judgeCaseMode as JudgeCaseModeName,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName ?? '',
    ioWriteFileName: p.ioWriteFileName ?? '',
    isRemoveEndBlank: p.isRemoveEndBlank,
    tleRecheck: (TLE_RECHECK_MODES as readonly string[]).includes(p.tleRecheck)
      ? (p.tleRecheck as TleRecheckMode)
      : 'default',
    tleRecheckMargin: p.tleRecheckMargin ?? null,
    openCaseResult: p.openCaseResult,
    codeShare: p.codeShare,
    userExtraFiles: toFiles(p.userExtraFile),
    judgeExtraFiles: toFiles(p.judgeExtraFile),
  };
}

export { isSubtaskMode };

const blank = (s: string | null | undefined) => !(s ?? '').trim();

function checkFiles(list: FileRow[], side: string): FormIssue | null {
  const seen = new Set<string>();
  for (const [i, f] of list.entries()) {
    if (blank(f.name) || f.content === '') return { key: 'Extra_file_required', params: { side, n: i + 1 } };
    if (!FILE_NAME_PATTERN.test(f.name.trim()))
      return { key: 'Extra_file_name_invalid', params: { name: f.name } };
    if (seen.has(f.name.trim())) return { key: 'Extra_file_duplicate', params: { name: f.name } };
    seen.add(f.name.trim());
  }
  return null;
}

/**
 * The checks of doc 3 §5 that join several fields (tags, examples, templates, test cases, extra files), in the
 * order the form shows them; the single-field rules are the shared `problemFieldRules` the form items carry.
 * `edit` true when the problem exists (stored uploaded cases may be kept). Returns every issue (empty when the
 * form may be sent); an issue with `field` belongs under that form field.
 */
export function checkProblemForm(v: ProblemFormValues, edit: boolean): FormIssue[] {
  const issues: FormIssue[] = [];
  const lower = v.tags.map((t) => t.trim().toLowerCase());
  const dup = lower.find((t, i) => lower.indexOf(t) !== i);
  if (dup !== undefined) issues.push({ key: 'Duplicate_tag', params: { name: dup }, field: 'tags' });
  if (v.examples.length > LIMITS.examplesMax)
    issues.push({ key: 'Examples_max', params: { max: LIMITS.examplesMax } });
  for (const lang of v.languages) {
    const t = v.templates[lang];
    if (t?.status && blank(t.code)) issues.push({ key: 'Template_empty', params: { language: lang } });
  }
  const list = v.isUploadCase ? v.uploadedCases : v.cases;
  if (v.isUploadCase && !v.uploadDir && !(edit && list.length)) issues.push({ key: 'Upload_testcase_first' });
  if (!v.isUploadCase && list.length === 0) issues.push({ key: 'Testcase_required' });
  const oi = v.type === ProblemType.OI;
  const subtask = isSubtaskMode(v.judgeCaseMode);
  for (const [i, c] of list.entries()) {
    const n = i + 1;
    if (!v.isUploadCase && c.input === '' && c.output === '')
      issues.push({ key: 'Testcase_empty', params: { n } });
    if (oi && (c.score == null || !Number.isInteger(c.score) || c.score < 0))
      issues.push({ key: 'Score_invalid', params: { n } });
    if (subtask && (c.groupNum == null || !Number.isInteger(c.groupNum) || c.groupNum < 1))
      issues.push({ key: 'Group_required', params: { n } });
  }
  for (const issue of [checkFiles(v.userExtraFiles, 'user'), checkFiles(v.judgeExtraFiles, 'judge')])
    if (issue) issues.push(issue);
  return issues;
}

/**
 * The POST / PUT /api/admin/problem body of the form. `knownTags` maps existing tag names to ids (new names
 * are sent as names and created on the fly); `pid` set for an update.
 */
export function toBody(
  v: ProblemFormValues,
  knownTags: { id: number; name: string }[],
  pid: number | null,
  original: { judgeMode: string; judgeCaseMode: string; spjCode: string } | null,
): ProblemBody {
  const oi = v.type === ProblemType.OI;
  const subtask = isSubtaskMode(v.judgeCaseMode);
  const list = v.isUploadCase ? v.uploadedCases : v.cases;
  const custom = v.judgeMode !== 'default';
  return {
    problem: {
      ...(pid ? { id: pid } : {}),
      problemId: v.problemId.trim(),
      title: v.title.trim(),
      author: v.author.trim(),
      type: v.type,
      timeLimit: v.timeLimit,
      memoryLimit: v.memoryLimit,
      stackLimit: v.stackLimit,
      description: v.description,
      input: v.input,
      output: v.output,
      // An example left blank (the new form starts with one) is not sent.
      examples: v.examples.filter((e) => e.input !== '' || e.output !== ''),
      hint: v.hint,
      source: v.source,
      difficulty: v.difficulty,
      auth: v.auth,
      codeShare: v.codeShare,
      judgeMode: v.judgeMode,
      judgeCaseMode: v.judgeCaseMode,
      spjCode: custom ? v.spjCode : null,
      spjLanguage: custom ? v.spjLanguage : null,
      spjProtocol: v.spjProtocol,
      userExtraFile: fromFiles(v.userExtraFiles),
      judgeExtraFile: fromFiles(v.judgeExtraFiles),
      isRemoveEndBlank: v.isRemoveEndBlank,
      tleRecheck: v.tleRecheck,
      tleRecheckMargin: v.tleRecheck === 'off' ? null : (v.tleRecheckMargin ?? null),
      openCaseResult: v.openCaseResult,
      isUploadCase: v.isUploadCase,
      isFileIO: v.isFileIO,
      ioReadFileName: v.isFileIO ? v.ioReadFileName.trim() : null,
      ioWriteFileName: v.isFileIO ? v.ioWriteFileName.trim() : null,
    },
    samples: list.map((c) => ({
      input: c.input,
      output: c.output,
      score: oi ? c.score : null,
      groupNum: subtask ? c.groupNum : null,
    })),
    isUploadTestCase: v.isUploadCase,
    uploadTestcaseDir: v.isUploadCase ? v.uploadDir : null,
    codeTemplates: v.languages
      .filter((l) => v.templates[l] && (v.templates[l].status || v.templates[l].code.trim()))
      .map((l) => ({ language: l, code: v.templates[l].code, status: v.templates[l].status })),
    tags: v.tags.map((name) => {
      const known = knownTags.find((t) => t.name === name);
      return known ? { id: known.id, name: known.name } : name.trim();
    }),
    languages: v.languages,
    judgeMode: v.judgeMode,
    changeModeCode: original ? original.judgeMode !== v.judgeMode || original.spjCode !== v.spjCode : custom,
    changeJudgeCaseMode: original ? original.judgeCaseMode !== v.judgeCaseMode : false,
  };
}
