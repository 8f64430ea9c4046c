import type { FileRow, FormIssue, ProblemFormValues } from './form-model.js';

/** The fields that decide what a compile check built: judge mode, checker language, code and judge extra files. */
type SpjFields = Pick<ProblemFormValues, 'judgeMode' | 'spjLanguage' | 'spjCode' | 'judgeExtraFiles'>;

/** A fingerprint of what would be compiled now; equal fingerprints mean the last compile still holds. */
export function spjSignature(v: SpjFields): string {
  const files = (v.judgeExtraFiles ?? []).map((f: FileRow) => [f.name, f.content]);
  return JSON.stringify([v.judgeMode, v.spjLanguage ?? '', v.spjCode ?? '', files]);
}

/**
 * The save-time rule of doc 3 §4: a special-judge or interactive problem whose mode or code changed since it was
 * stored (`original`, null for a new problem) must have been compiled successfully as it is now
 * (`compiled` = spjSignature of the last successful compile, or null). Returns the issue or null.
 */
export function spjCompileIssue(
  v: SpjFields,
  original: { judgeMode: string; spjCode: string } | null,
  compiled: string | null,
): FormIssue | null {
  if (v.judgeMode === 'default') return null;
  const unchanged = original != null && original.judgeMode === v.judgeMode && original.spjCode === v.spjCode;
  if (unchanged) return null;
  return compiled === spjSignature(v)
    ? null
    : { key: 'Spj_Or_Interactive_Code_not_Compile_Success', field: 'spjCode' };
}
