import { isPenaltyStatus, JudgeStatus, type JudgeStatusCode } from '@oj/shared';
import { languageExtension } from '../contest/contest.ac-download.js';

/**
 * How our data maps onto CLICS identifiers (ccs-specs 2026-01 "Known judgement types", "Known languages"). The one
 * place that says which verdict is which judgement type and which language is which language id.
 */

/** A CLICS judgement type object. */
export interface ClicsJudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

/**
 * Our verdict codes (packages/shared JudgeStatus) to CLICS judgement type ids and names. null: not a final
 * verdict (queued, judging, or a display-only code), so no judgement type. Penalty and solved are not restated
 * here: they come from the shared ACM rule (`isPenaltyStatus`, Accepted), the one the scoreboard counts with.
 * Every id is one of the spec's known judgement types (the official schema allows no other): Partially Accepted
 * does not solve the problem, so it is `RE` (Rejected, the generic "does not solve"); a Cancelled submission is
 * `CS` (Contact Staff, "something went wrong"). Both stay free and unsolved, as on our board.
 */
const VERDICT_TYPES: Record<JudgeStatusCode, { id: string; name: string } | null> = {
  [JudgeStatus.ACCEPTED]: { id: 'AC', name: 'Accepted' },
  [JudgeStatus.WRONG_ANSWER]: { id: 'WA', name: 'Wrong Answer' },
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: { id: 'TLE', name: 'Time Limit Exceeded' },
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: { id: 'MLE', name: 'Memory Limit Exceeded' },
  [JudgeStatus.RUNTIME_ERROR]: { id: 'RTE', name: 'Run-Time Error' },
  [JudgeStatus.PRESENTATION_ERROR]: { id: 'PE', name: 'Presentation Error' },
  [JudgeStatus.COMPILE_ERROR]: { id: 'CE', name: 'Compile Error' },
  [JudgeStatus.SYSTEM_ERROR]: { id: 'JE', name: 'Judging Error' },
  [JudgeStatus.SUBMITTED_FAILED]: { id: 'SE', name: 'Submission Error' },
  [JudgeStatus.CANCELLED]: { id: 'CS', name: 'Contact Staff (cancelled)' },
  [JudgeStatus.PARTIAL_ACCEPTED]: { id: 'RE', name: 'Rejected (partially accepted)' },
  [JudgeStatus.PENDING]: null,
  [JudgeStatus.COMPILING]: null,
  [JudgeStatus.JUDGING]: null,
  [JudgeStatus.SUBMITTING]: null,
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: null,
  [JudgeStatus.NOT_SUBMITTED]: null,
};

/** The CLICS judgement type of verdict `code`, or null when the code is not a final verdict. */
export function judgementTypeOf(code: number): ClicsJudgementType | null {
  const t = VERDICT_TYPES[code as JudgeStatusCode];
  if (!t) return null;
  return { ...t, penalty: isPenaltyStatus(code), solved: code === JudgeStatus.ACCEPTED };
}

/** Every judgement type our verdicts map to, in the table's order (GET judgement-types). */
export function allJudgementTypes(): ClicsJudgementType[] {
  const out: ClicsJudgementType[] = [];
  for (const code of Object.keys(VERDICT_TYPES).map(Number)) {
    const t = judgementTypeOf(code);
    if (t) out.push(t);
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Our language names (the judge registry's, HOJ's spelling) to the CLICS known language ids. */
const LANGUAGE_IDS: Record<string, string> = {
  C: 'c',
  'C With O2': 'c-o2',
  'C++': 'cpp',
  'C++ With O2': 'cpp-o2',
  'C++ 17': 'cpp17',
  'C++ 17 With O2': 'cpp17-o2',
  'C++ 20': 'cpp20',
  'C++ 20 With O2': 'cpp20-o2',
  Java: 'java',
  Python3: 'python3',
  PyPy3: 'pypy3',
  Python2: 'python2',
  Golang: 'go',
  Rust: 'rust',
  'JavaScript Node': 'javascript',
  PHP: 'php',
  Ruby: 'ruby',
  'C#': 'csharp',
};

/**
 * The CLICS language id of a language name: the known id from the table, else a slug of the name (lower case,
 * `+` as `p`, `#` as `sharp`, other characters as `-`, at most 36 characters).
 */
export function languageIdOf(name: string): string {
  const known = LANGUAGE_IDS[name];
  if (known) return known;
  const slug = name
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 36)
    .replace(/[-.]+$/, '');
  return slug || 'lang';
}

/** The file extensions of a language (from the AC download's naming); empty when unknown. */
export function languageExtensions(name: string): string[] {
  const ext = languageExtension(name);
  return ext === 'txt' ? [] : [ext];
}

/**
 * The CLICS `entry_point` of a submission in language `name` (spec "Submissions": required where the entry point
 * is ambiguous, null for C and C++): `Main` for Java (our judge compiles `Main.java` and runs class `Main`), null
 * for every other language (one source file, which our judge names itself).
 */
export function entryPointOf(name: string): string | null {
  return languageExtension(name) === 'java' ? 'Main' : null;
}

/** The name our judge gives the source file of a language (Java needs its class name). */
export function sourceFileName(name: string): string {
  const ext = languageExtension(name);
  return ext === 'java' ? 'Main.java' : `main.${ext}`;
}

/**
 * A problem's balloon colour as CLICS `rgb` and `color`: a hex colour (`#f00`, `#ff0000`) is the rgb (and its own
 * description); any other text is only the human-readable `color`.
 */
export function problemColour(colour: string | null): { rgb: string | null; color: string | null } {
  const c = colour?.trim();
  if (!c) return { rgb: null, color: null };
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(c)) return { rgb: c.toLowerCase(), color: c.toLowerCase() };
  return { rgb: null, color: c };
}
