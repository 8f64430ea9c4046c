/**
 * Client-side shapes of the contest API (doc 2 §3 "Contest", "Contest problem", "Scoreboard row"; server:
 * modules/contest). Times are ISO 8601 strings; `duration` is in ms; scoreboard times in seconds / ms as noted.
 */

export type { AdminContestVo, ContestAccessVo, ContestVo } from '@oj/shared';

import type { ContestVo, ContestProblemVo as SharedContestProblemVo } from '@oj/shared';

/**
 * A row of GET /api/get-contest-problem (counts null = "?"), with the caller's status and OI score the contest
 * server adds (-10 not submitted; -5 while OI results are hidden).
 */
export type ContestProblemVo = SharedContestProblemVo & { myStatus?: number; score?: number | null };

/** Scoreboard shapes (doc 2 §3 "Scoreboard row"): the shared ones the board server answers. */
export type {
  AcmCellVo as AcmCell,
  AcmRowVo as AcmRow,
  OiRowVo as OiRow,
  ScoreboardPage,
  ScoreboardRowBase as BoardRowBase,
} from '@oj/shared';

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

/** What a scoreboard needs of its contest (the outside info carries only these). */
export type BoardContest = Pick<
  ContestVo,
  'id' | 'title' | 'type' | 'startTime' | 'endTime' | 'now' | 'rankShowName' | 'status'
>;

/** A problem column of a board: display id, title, balloon colour. */
export type BoardProblem = Pick<ContestProblemVo, 'pid' | 'displayId' | 'displayTitle' | 'color'>;

/** GET /api/get-contest-outsize-info (path as spelled): the contest and its problems for the outside board. */
export interface OutsideInfoVo {
  contest: BoardContest;
  problemList: BoardProblem[];
}
