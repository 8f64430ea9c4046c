import { ContestStatus } from '@oj/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contestProblems } from '../../../db/schema/index.js';
import { contestDurationMs, contestStatus, sealSettings } from '../contest.clock.js';
import type { PageContest } from './page.js';

/**
 * GET /api/get-contest-outsize-info data: what an outside board page needs to draw its header and columns (the
 * contest's times, rule and seal settings, its problems' display ids, titles and balloon colours). Before the
 * start nothing about the problems leaves for anyone but the contest's admins (`isContestAdmin`): `problemList`
 * is then empty (docs/contests.md "Before the start").
 */
export async function outsideInfo(db: Db, c: PageContest, isContestAdmin: boolean, now = new Date()) {
  const status = contestStatus(c, now);
  const problemList =
    !isContestAdmin && status === ContestStatus.SCHEDULED ? [] : await listProblems(db, c.id);
  return {
    contest: {
      id: c.id,
      title: c.title,
      type: c.type,
      auth: c.auth,
      status,
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      now: now.toISOString(),
      duration: contestDurationMs(c),
      openRank: c.openRank,
      ...sealSettings(c),
      autoRealRank: c.autoRealRank,
      oiRankScoreType: c.oiRankScoreType,
      rankShowName: c.rankShowName,
      awardType: c.awardType,
    },
    problemList,
  };
}

/** The contest's problems as the outside board draws them: pid, display id and title, colour; by display id. */
function listProblems(db: Db, cid: number) {
  return db
    .select({
      pid: contestProblems.pid,
      displayId: contestProblems.displayId,
      displayTitle: contestProblems.displayTitle,
      color: contestProblems.color,
    })
    .from(contestProblems)
    .where(eq(contestProblems.cid, cid))
    .orderBy(asc(contestProblems.displayId));
}
