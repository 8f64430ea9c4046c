import { LIMITS } from '@oj/shared';

/**
 * Client check of doc 2 §5 before a submit or test run: the i18n key of the error ("Code can not be empty",
 * "Code Length can not exceed 65535"), or null when the code is acceptable.
 */
export function codeError(code: string): string | null {
  if (!code.trim()) return 'problem:Code_can_not_be_empty';
  if (code.length > LIMITS.codeMax) return 'problem:Code_Length_can_not_exceed';
  return null;
}
