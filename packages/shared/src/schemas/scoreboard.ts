import { z } from 'zod';
import { currentPageField, queryBool } from './common.js';
import { cidField } from './contest.js';

/** Page sizes of a scoreboard (doc 2 §2.9): 10, 30, 50, 100, 300; default 50. */
export const SCOREBOARD_PAGE_SIZES = [10, 30, 50, 100, 300] as const;

const uidList = z.array(z.string().max(64)).max(1000, 'concernedList has more than 1000 users');

/**
 * POST /api/get-contest-rank and /api/get-contest-outside-scoreboard body (doc 2 §7): `forceRefresh` is read for
 * contest admins only, `removeStar` drops star users, `containsEnd` counts after-contest submissions,
 * `concernedList` uids whose rows come first on page 1 (flagged isConcerned), `keyword` filters by name or school.
 */
export const scoreboardBody = z.object({
  cid: cidField,
  currentPage: currentPageField,
  limit: z.coerce.number().int().min(1).max(300).catch(50).default(50),
  forceRefresh: queryBool,
  removeStar: queryBool,
  containsEnd: queryBool,
  concernedList: uidList.nullish().catch(null),
  keyword: z.string().trim().max(100, 'keyword is longer than 100 characters').nullish(),
});
export type ScoreboardBody = z.infer<typeof scoreboardBody>;

/** GET /api/file/download-contest-rank query: the board as an Excel file (HOJ's export). */
export const scoreboardExportQuery = z.object({
  cid: cidField,
  forceRefresh: queryBool,
  removeStar: queryBool,
  containsEnd: queryBool,
});

/** Award fields of a row (doc 2 §3 "Scoreboard row"); absent when the row wins nothing. */
export interface ScoreboardAward {
  isWinAward: boolean;
  awardName?: string;
  awardBackground?: string;
  awardColor?: string;
}

/** Fields common to ACM and OI rows (doc 2 §3 "Scoreboard row"). rank -1: star user. */
export interface ScoreboardRowBase extends ScoreboardAward {
  uid: string;
  username: string;
  /** The name the contest shows (rankShowName: username, nickname or realname). */
  showName: string;
  realname: string;
  nickname: string;
  avatar: string | null;
  school: string;
  gender: string;
  rank: number;
  isConcerned: boolean;
}

/** ACM per-problem cell (doc 2 §3, §4.5). ACTime seconds from the start; tryNum pending or sealed tries. */
export interface AcmCellVo {
  isAC: boolean;
  isFirstAC: boolean;
  isAfterContest: boolean;
  ACTime: number | null;
  errorNum: number;
  tryNum: number;
}

export interface AcmRowVo extends ScoreboardRowBase {
  ac: number;
  /** Seconds: solve times plus 20 minutes a counted wrong try before each AC. */
  totalTime: number;
  submissionInfo: Record<string, AcmCellVo>;
}

export interface OiRowVo extends ScoreboardRowBase {
  totalScore: number;
  /** ms: the sum of the fastest AC run times. */
  totalTime: number;
  /** Score per displayId. */
  submissionInfo: Record<string, number>;
  /** Fastest AC run time (ms) per displayId. */
  timeInfo: Record<string, number>;
  /** Pending or sealed tries per displayId (shown as "?"). */
  tryInfo: Record<string, number>;
}

export type ScoreboardRowVo = AcmRowVo | OiRowVo;

/** A board page: `records` (concerned rows first on page 1), `total` rows matching the filters. */
export interface ScoreboardPage<R extends ScoreboardRowVo = ScoreboardRowVo> {
  records: R[];
  total: number;
  /** 0 ACM, 1 OI. */
  type: number;
  /** True when this page is the sealed board (post-seal tries shown as pending). */
  sealed: boolean;
}
