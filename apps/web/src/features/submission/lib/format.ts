import { JUDGE_STATUS_INFO, JudgeStatus, type JudgeStatusCode, verdictWithoutRun } from '@oj/shared';

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/**
 * Memory in KB scaled up in base 1024 up to YB (doc 2 §9): 512 -> "512KB", 2048 -> "2MB", 1536 -> "1.5MB".
 * At most two decimals; null or negative values give "-".
 */
export function formatMemory(kb: number | null | undefined): string {
  if (kb == null || kb < 0 || !Number.isFinite(kb)) return '-';
  let v = kb;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Math.round(v * 100) / 100}${UNITS[i]}`;
}

/** Time in ms ("15ms"); null gives "-". */
export function formatTimeMs(ms: number | null | undefined): string {
  return ms == null ? '-' : `${ms}ms`;
}

/**
 * The time a submission's row shows: "-" for a verdict reached without running (compile error, cancelled…:
 * `verdictWithoutRun` of @oj/shared), else `formatTimeMs`. Takes the row's status and time in ms.
 */
export function runTime(status: number, ms: number | null | undefined): string {
  return verdictWithoutRun(status) ? '-' : formatTimeMs(ms);
}

/** The memory a submission's row shows: "-" for a verdict reached without running, else `formatMemory` (KB in). */
export function runMemory(status: number, kb: number | null | undefined): string {
  return verdictWithoutRun(status) ? '-' : formatMemory(kb);
}

/** Code length in bytes ("123B"). */
export function formatLength(b: number | null | undefined): string {
  return b == null ? '-' : `${b}B`;
}

/** Status info of a code (unknown codes show as Submitted Unknown Result). */
export function statusInfo(code: number) {
  return (
    JUDGE_STATUS_INFO[code as JudgeStatusCode] ?? JUDGE_STATUS_INFO[JudgeStatus.SUBMITTED_UNKNOWN_RESULT]
  );
}

/** The i18n key of a status name in the `submission` namespace (`status.<short>`). */
export function statusKey(code: number): string {
  return `status.${statusInfo(code).short}`;
}
