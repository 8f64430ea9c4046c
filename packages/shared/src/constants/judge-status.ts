/**
 * Judge status (verdict) codes, doc 1 §4 and doc 2 §4.1. The one copy used by server, judgehost and web.
 */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;

export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export interface JudgeStatusInfo {
  code: JudgeStatusCode;
  /** English display name (the i18n key on the web is `status.<short>`). */
  name: string;
  /** Short form used in tables and scoreboards. */
  short: string;
  /** Display colour (hex). */
  color: string;
}

export const JUDGE_STATUS_INFO: Record<JudgeStatusCode, JudgeStatusInfo> = {
  [-10]: { code: -10, name: 'Not Submitted', short: 'ns', color: '#909399' },
  [-5]: { code: -5, name: 'Submitted Unknown Result', short: 'snr', color: '#909399' },
  [-4]: { code: -4, name: 'Cancelled', short: 'ca', color: '#676fc1' },
  [-3]: { code: -3, name: 'Presentation Error', short: 'pe', color: '#f90' },
  [-2]: { code: -2, name: 'Compile Error', short: 'ce', color: '#f90' },
  [-1]: { code: -1, name: 'Wrong Answer', short: 'wa', color: '#ed3f14' },
  [0]: { code: 0, name: 'Accepted', short: 'ac', color: '#19be6b' },
  [1]: { code: 1, name: 'Time Limit Exceeded', short: 'tle', color: '#ed3f14' },
  [2]: { code: 2, name: 'Memory Limit Exceeded', short: 'mle', color: '#ed3f14' },
  [3]: { code: 3, name: 'Runtime Error', short: 're', color: '#ed3f14' },
  [4]: { code: 4, name: 'System Error', short: 'se', color: '#ed3f14' },
  [5]: { code: 5, name: 'Pending', short: 'pd', color: '#25bb9b' },
  [6]: { code: 6, name: 'Compiling', short: 'cp', color: '#25bb9b' },
  [7]: { code: 7, name: 'Judging', short: 'jg', color: '#2d8cf0' },
  [8]: { code: 8, name: 'Partial Accepted', short: 'pa', color: '#2d8cf0' },
  [9]: { code: 9, name: 'Submitting', short: 'sm', color: '#25bb9b' },
  [10]: { code: 10, name: 'Submitted Failed', short: 'sf', color: '#ed3f14' },
};

export const ALL_JUDGE_STATUS_CODES = Object.values(JudgeStatus) as JudgeStatusCode[];

const {
  SUBMITTING,
  SUBMITTED_UNKNOWN_RESULT,
  NOT_SUBMITTED,
  CANCELLED,
  COMPILE_ERROR,
  PENDING,
  COMPILING,
  JUDGING,
} = JudgeStatus;

/** Statuses offered by the status-page filter: all but Submitting, Submitted Unknown Result, Not Submitted. */
export const STATUS_FILTER_CODES: JudgeStatusCode[] = ALL_JUDGE_STATUS_CODES.filter(
  (c) => c !== SUBMITTING && c !== SUBMITTED_UNKNOWN_RESULT && c !== NOT_SUBMITTED,
);

/** Statuses an admin may set by manual judge: the filter list minus Cancelled, CE, Pending, Compiling, Judging. */
export const MANUAL_JUDGE_CODES: JudgeStatusCode[] = STATUS_FILTER_CODES.filter(
  (c) => c !== CANCELLED && c !== COMPILE_ERROR && c !== PENDING && c !== COMPILING && c !== JUDGING,
);

/**
 * Verdicts reached without running the program (issue 25 cosmetic: a compile error showed "0ms 0KB"): compile
 * error, cancelled, submitting, submitted failed. Takes a status code; true when its time and memory mean nothing and
 * the web shows "-" for them (status list, submission detail, the submit panel).
 */
export function verdictWithoutRun(code: number): boolean {
  return (
    code === COMPILE_ERROR ||
    code === CANCELLED ||
    code === SUBMITTING ||
    code === JudgeStatus.SUBMITTED_FAILED
  );
}
