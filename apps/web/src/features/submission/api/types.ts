/** Client-side shapes of the submission API (doc 2 §3; server: modules/submission/*). time ms, memory KB, length B. */

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

export interface SubmissionVo extends SubmissionListItem {
  gid: number | null;
  tid: number | null;
  oiRankScore: number | null;
  judgeStart: string | null;
  judgeEnd: string | null;
  code: string | null;
  errorMessage: string | null;
  version: number;
}

export interface SubmissionDetailResponse {
  submission: SubmissionVo;
  codeShare: boolean;
  waCaseData: unknown;
}

export interface JudgeCaseVo {
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
}

export interface SubtaskVo {
  groupNum: number;
  status: number;
  score: number;
  ac: number;
  total: number;
  time: number;
  memory: number;
  subtaskDetailList: JudgeCaseVo[];
}

export interface CaseResultResponse {
  judgeCaseMode: string;
  judgeCaseList: JudgeCaseVo[];
  subTaskJudgeCaseVoList: SubtaskVo[] | null;
}

/** Filters of the status page (doc 2 §2.4), as kept in the address. */
export interface SubmissionListFilter {
  currentPage: number;
  limit: number;
  onlyMine?: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID?: boolean;
}

export interface StatusCheck {
  submitId: number;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
}

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
