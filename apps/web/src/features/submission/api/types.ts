/** Client-side shapes of the submission API (doc 2 §3; server: modules/submission/*). time ms, memory KB, length B. */

import type { SubmissionStatusCheck, SubmissionView } from '@oj/shared';

export type { SubmissionListItem } from '@oj/shared';
/** The submission of the detail and admin calls: the shared `SubmissionView`. */
export type SubmissionVo = SubmissionView;

/** The first failing case the viewer may download (doc 2 §3 `waCaseData`, §6); caseIndex is 1-based. */
export interface WaCaseData {
  caseIndex: number;
  inputName: string;
  outputName: string;
}

export interface SubmissionDetailResponse {
  submission: SubmissionVo;
  codeShare: boolean;
  waCaseData: WaCaseData | null;
}

/** Case results (doc 2 §3): the shared shapes the server sends. */
export type {
  CaseResultResponse,
  CaseResultView as JudgeCaseVo,
  SubtaskResultView as SubtaskVo,
} from '@oj/shared';

/** Filters of the status page (doc 2 §2.4), as kept in the address. */
export interface SubmissionListFilter {
  currentPage: number;
  limit: number;
  onlyMine?: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID?: boolean;
  /** A contest's submissions (GET /api/contest-submissions); problemID is then the display id. */
  cid?: number;
  /** In a contest: also list submissions made after the end (doc 2 §2.7 settings switch). */
  containsEnd?: boolean;
  /** A group's submissions (GET /api/get-submission-list?gid=, its members; docs/groups.md). */
  gid?: number;
}

/** A row of the status checks: the shared `SubmissionStatusCheck` (judged / total while judging). */
export type StatusCheck = SubmissionStatusCheck;

export interface TestJudgeResult {
  status: number;
  userInput: string;
  expectedOutput: string | null;
  userOutput: string | null;
  time: number | null;
  memory: number | null;
  stderr: string | null;
  errorMessage: string | null;
  problemJudgeMode: string;
}
