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
export const scoreboardAward = z.object({
  isWinAward: z.boolean(),
  awardName: z.string().optional(),
  awardBackground: z.string().optional(),
  awardColor: z.string().optional(),
});
export type ScoreboardAward = z.infer<typeof scoreboardAward>;

/** Fields common to ACM and OI rows (doc 2 §3 "Scoreboard row"). rank -1: star user. */
export const scoreboardRowBase = scoreboardAward.extend({
  uid: z.string(),
  username: z.string(),
  /** The name the contest shows (rankShowName: username, nickname or realname). */
  showName: z.string(),
  realname: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  school: z.string(),
  gender: z.string(),
  rank: z.number().int(),
  isConcerned: z.boolean(),
});
export type ScoreboardRowBase = z.infer<typeof scoreboardRowBase>;

/** ACM per-problem cell (doc 2 §3, §4.5). ACTime seconds from the start; tryNum pending or sealed tries. */
export const acmCellVo = z.object({
  isAC: z.boolean(),
  isFirstAC: z.boolean(),
  isAfterContest: z.boolean(),
  ACTime: z.number().nullable(),
  errorNum: z.number().int(),
  tryNum: z.number().int(),
});
export type AcmCellVo = z.infer<typeof acmCellVo>;

export const acmRowVo = scoreboardRowBase.extend({
  ac: z.number().int(),
  /** Seconds: solve times plus 20 minutes a counted wrong try before each AC. */
  totalTime: z.number(),
  submissionInfo: z.record(z.string(), acmCellVo),
});
export type AcmRowVo = z.infer<typeof acmRowVo>;

export const oiRowVo = scoreboardRowBase.extend({
  totalScore: z.number(),
  /** ms: the sum of the fastest AC run times. */
  totalTime: z.number(),
  /** Score per displayId. */
  submissionInfo: z.record(z.string(), z.number()),
  /** Fastest AC run time (ms) per displayId. */
  timeInfo: z.record(z.string(), z.number()),
  /** Pending or sealed tries per displayId (shown as "?"). */
  tryInfo: z.record(z.string(), z.number()),
});
export type OiRowVo = z.infer<typeof oiRowVo>;

export type ScoreboardRowVo = AcmRowVo | OiRowVo;

/** A board page: `records` (concerned rows first on page 1), `total` rows matching the filters. */
export const scoreboardPage = z.object({
  records: z.array(z.union([acmRowVo, oiRowVo])),
  total: z.number().int(),
  /** 0 ACM, 1 OI. */
  type: z.number().int(),
  /** True when this page is the sealed board (post-seal tries shown as pending). */
  sealed: z.boolean(),
});
export type ScoreboardPage<R extends ScoreboardRowVo = ScoreboardRowVo> = Omit<
  z.infer<typeof scoreboardPage>,
  'records'
> & { records: R[] };
