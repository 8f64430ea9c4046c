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
