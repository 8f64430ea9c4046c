/** Answers of the submission API (doc 2 §2.4, §3 "Submission"): time ms, memory KB, length bytes, ISO times. */

/** A row of the status page (doc 2 §2.4): no code. time ms, memory KB, length bytes. */
export interface SubmissionListItem {
  submitId: number;
  pid: number;
  displayPid: string;
  displayId: string;
  title: string;
  uid: string;
  username: string;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  length: number;
  language: string;
  judger: string | null;
  isManual: boolean;
  share: boolean;
  cid: number;
  submitTime: string;
}

/** The submission as the API shows it (doc 2 §3 "Submission"): time ms, memory KB, length bytes, ISO times. */
export interface SubmissionView extends SubmissionListItem {
  gid: number | null;
  tid: number | null;
  oiRankScore: number | null;
  judgeStart: string | null;
  judgeEnd: string | null;
  code: string | null;
  errorMessage: string | null;
  version: number;
}

/**
 * One case of `GET /api/get-all-case-result` (doc 2 §3, §6): time ms, memory KB. The data fields (input, expected
 * and user output, checker message) are null unless the viewer may read that case's data.
 */
export interface CaseResultView {
  caseId: number;
  inputData: string | null;
  outputData: string | null;
  userOutput: string | null;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  groupNum: number | null;
  message: string | null;
  /** Borderline TLE re-check: the CPU times (ms) of the first and second run when the case was run twice. */
  rerun: { firstMs: number; secondMs: number } | null;
}

/** One subtask of a subtask-mode problem: its score, first failing status, max time (ms) and memory (KB). */
export interface SubtaskResultView {
  groupNum: number;
  status: number;
  score: number;
  ac: number;
  total: number;
  time: number;
  memory: number;
  subtaskDetailList: CaseResultView[];
}

/** `GET /api/get-all-case-result` data (null when the problem's case results are closed to the viewer). */
export interface CaseResultResponse {
  judgeCaseMode: string;
  judgeCaseList: CaseResultView[];
  subTaskJudgeCaseVoList: SubtaskResultView[] | null;
}

/**
 * One row of POST /api/check-submissions-status (doc 2 §4.3, §7): time ms, memory KB; `judged` / `total` are the
 * judgehost's last progress report (cases finished / cases of the task) while the submission is Compiling or
 * Judging, else null.
 */
export interface SubmissionStatusCheck {
  submitId: number;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  judged: number | null;
  total: number | null;
}
