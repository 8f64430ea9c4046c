import { DIFFICULTIES, LIMITS } from '@oj/shared';

/** AC rate in percent with two decimals, capped at 100% (doc 2 §2.1): 0 submissions give "0.00%". */
export function acRate(ac: number, total: number): string {
  if (!total || total <= 0) return '0.00%';
  return `${Math.min(100, (ac / total) * 100).toFixed(2)}%`;
}

/** The difficulty entry of a code (name and colour), or undefined for unknown codes. */
export function difficultyInfo(code: number | null | undefined) {
  return DIFFICULTIES.find((d) => d.code === code);
}

/** Limits as shown (doc 2 §2.2): the C/C++ value and the value for other languages. time ms, memory MB. */
export interface ShownLimits {
  time: number;
  memory: number;
  /** For other languages; null when only the raw value is shown (remote CF- / GYM- problems). */
  otherTime: number | null;
  otherMemory: number | null;
}

/**
 * The limits to show: C/C++ values and doubled values for other languages (the judge's factor); remote problems
 * whose id starts with CF- or GYM- show the raw limits only.
 */
export function shownLimits(p: { problemId: string; timeLimit: number; memoryLimit: number }): ShownLimits {
  const raw = /^(CF|GYM)-/i.test(p.problemId);
  const f = LIMITS.otherLanguageFactor;
  return {
    time: p.timeLimit,
    memory: p.memoryLimit,
    otherTime: raw ? null : p.timeLimit * f,
    otherMemory: raw ? null : p.memoryLimit * f,
  };
}

/** Normalises text for sample comparison: CRLF to LF, trailing blanks of each line and trailing newlines removed. */
function norm(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

/**
 * Which sample (1-based) a test run matched (doc 2 §4.4): the first sample whose input and output equal the
 * given input and expected output (ignoring trailing blanks); null when none or no expected output.
 */
export function matchedSample(
  examples: { input: string; output: string }[] | null | undefined,
  input: string,
  expected: string | null | undefined,
): number | null {
  if (!examples?.length || !expected?.trim()) return null;
  const i = examples.findIndex((e) => norm(e.input) === norm(input) && norm(e.output) === norm(expected));
  return i < 0 ? null : i + 1;
}

/**
 * The error texts of an online-test run worth showing: stderr and the judge's message, each once. When one holds
 * the other (a Python traceback is both the stderr and the Runtime Error message) only the longer is kept.
 */
export function distinctErrorTexts(stderr: string | null, message: string | null): string[] {
  const a = stderr?.trim() ?? '';
  const b = message?.trim() ?? '';
  if (!a || !b) return [a || b].filter(Boolean);
  if (a.includes(b)) return [a];
  if (b.includes(a)) return [b];
  return [a, b];
}

/**
 * The expected output the online test fills in for `input` (issue 14 defect 9): the output of the first sample
 * whose input equals it (ignoring trailing blanks), else '' (a custom input just runs, nothing is compared).
 */
export function sampleOutputFor(
  examples: { input: string; output: string }[] | null | undefined,
  input: string,
) {
  return examples?.find((e) => norm(e.input) === norm(input))?.output ?? '';
}
