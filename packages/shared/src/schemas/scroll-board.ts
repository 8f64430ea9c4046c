import { z } from 'zod';
import type { ResolverReveal } from '../scoreboard/resolver.js';
import { queryBool } from './common.js';
import { cidField } from './contest.js';
import type { AcmRowVo } from './scoreboard.js';

/**
 * The scroll board (issue 10 §2; doc 2 §2.10; docs/scoreboard.md "Scroll board"): one call for contest admins that
 * answers the sealed ACM board and its hidden cells in the order the resolver reveals them.
 */

/** GET /api/get-contest-scroll-board query: `removeStar` drops star users from both boards. */
export const scrollBoardQuery = z.object({
  cid: cidField,
  removeStar: queryBool,
});
export type ScrollBoardQuery = z.infer<typeof scrollBoardQuery>;

/** A row of the sealed board, with its place in the tie-break order (scoreboard/resolver.ts). */
export interface ScrollBoardRow extends AcmRowVo {
  nameOrder: number;
}

/** A hidden submission of a pending cell with its final verdict. `submitTime` ISO 8601. */
export interface ScrollBoardSubmission {
  submitId: number;
  status: number;
  submitTime: string;
}

/** One reveal in resolver order: the cell's final state and the submissions it hid (in submit order). */
export interface ScrollBoardReveal extends ResolverReveal {
  submissions: ScrollBoardSubmission[];
}

/** The contest fields the scroll board page shows. Times ISO 8601; `status` -1 scheduled, 0 running, 1 ended. */
export interface ScrollBoardContest {
  id: number;
  title: string;
  type: number;
  status: number;
  startTime: string;
  endTime: string;
  now: string;
  sealRank: boolean;
  sealRankTime: string | null;
  rankShowName: string;
}

/**
 * GET /api/get-contest-scroll-board answer. `sealed` false: the contest never sealed its board, `rows` is the final
 * board and `reveals` is empty. Otherwise `rows` is the board as at the seal (board order, ranks, star rows -1
 * unless removed) and applying `reveals` in order with the resolver gives the real final board.
 */
export interface ScrollBoardVo {
  contest: ScrollBoardContest;
  problemList: { pid: number; displayId: string; displayTitle: string; color: string | null }[];
  sealed: boolean;
  rows: ScrollBoardRow[];
  reveals: ScrollBoardReveal[];
}
