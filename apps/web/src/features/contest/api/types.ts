/**
 * Client-side shapes of the contest API (doc 2 §3 "Contest", "Contest problem", "Scoreboard row"; server:
 * modules/contest). Times are ISO 8601 strings; `duration` is in ms; scoreboard times in seconds / ms as noted.
 */

/** A row of GET /api/get-contest-list and the body of get-contest-info. */
export interface ContestVo {
  id: number;
  title: string;
  description: string;
  /** 0 ACM, 1 OI. */
  type: number;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  /** -1 scheduled, 0 running, 1 ended, from the server clock. */
  status: number;
  startTime: string;
  endTime: string;
  /** Server time of the answer, for the countdown. */
  now: string;
  /** ms. */
  duration: number;
  count: number;
  openRank: boolean;
  openPrint: boolean;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  allowEndSubmit: boolean;
  oiRankScoreType: string;
  rankShowName: string;
  awardType: number;
  gid: number | null;
  author: string;
}

/** GET /api/get-contest-access: may the caller view / submit (doc 2 §4.2, §6). */
export interface ContestAccessVo {
  access: boolean;
  isAdmin: boolean;
  registered: boolean;
}

/** A row of GET /api/get-contest-problem; counts null when results are not real-time ("?"). */
export interface ContestProblemVo {
  id: number;
  cid: number;
  pid: number;
  problemId: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
  /** 0 ACM, 1 OI. */
  type: number;
  ac: number | null;
  total: number | null;
}

/** ACM per-problem cell of a scoreboard row (doc 2 §3): ACTime in seconds from the start. */
export interface AcmCell {
  isAC: boolean;
  isFirstAC: boolean;
  isAfterContest?: boolean;
  ACTime: number | null;
  errorNum: number;
  /** Tries whose verdict the viewer may not see (sealed) or that are still judging. */
  tryNum: number;
}

/** Fields every scoreboard row carries (doc 2 §3 "Scoreboard row"). rank -1: a star user. */
export interface BoardRowBase {
  uid: string;
  username: string;
  nickname?: string | null;
  realname?: string | null;
  avatar?: string | null;
  school?: string | null;
  gender?: string | null;
  rank: number;
  isConcerned?: boolean;
  isWinAward?: boolean;
  awardName?: string | null;
  awardBackground?: string | null;
  awardColor?: string | null;
}

/** An ACM row: solved count, total time (seconds, penalties included), cells by display id. */
export interface AcmRow extends BoardRowBase {
  ac: number;
  total?: number;
  totalTime: number;
  submissionInfo: Record<string, AcmCell>;
}

/** An OI row: total score, score and fastest AC time (ms) by display id. */
export interface OiRow extends BoardRowBase {
  totalScore: number;
  totalTime?: number;
  submissionInfo: Record<string, number>;
  timeInfo?: Record<string, number>;
}

/** Query of POST /api/get-contest-rank and /api/get-contest-outside-scoreboard (doc 2 §7). */
export interface BoardQuery {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh: boolean;
  removeStar: boolean;
  concernedList: string[];
  keyword?: string;
  containsEnd: boolean;
}

/** GET /api/get-contest-outsize-info (path as spelled): the contest and its problems for the outside board. */
export interface OutsideInfoVo {
  contest: ContestVo;
  problemList: ContestProblemVo[];
}
