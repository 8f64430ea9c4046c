import { badRequest } from '../../../lib/errors.js';

/** Longest test-case file name accepted (characters). */
export const CASE_NAME_MAX = 128;

/** Whether `name` is a plain file name fit to store and to serve back as a zip entry name. */
export function isSafeCaseName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= CASE_NAME_MAX &&
    name !== '.' &&
    name !== '..' &&
    !name.includes('/') &&
    !name.includes('\\') &&
    // No NUL or other control characters (C0, DEL, C1).
    ![...name].some((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return c < 0x20 || (c >= 0x7f && c <= 0x9f);
    })
  );
}

/**
 * Checks a test-case file name (input or output) from any import or edit path (issue 24 item 6): a plain file name
 * of 1..128 characters, no `/` or `\`, no control characters, not `.` / `..`. Takes the name and the field to
 * name in the error (e.g. `testCaseScore[2].input`); returns the name; throws 400 testcase.badName otherwise.
 */
export function checkCaseName(name: string, field: string): string {
  if (!isSafeCaseName(name)) {
    const shown = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
    throw badRequest('testcase.badName', { field, name: shown });
  }
  return name;
}
