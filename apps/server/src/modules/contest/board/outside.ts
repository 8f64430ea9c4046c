import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contestProblems } from '../../../db/schema/index.js';
import { contestDurationMs, contestStatus } from '../contest.clock.js';
import type { PageContest } from './page.js';

/**
 * GET /api/get-contest-outsize-info data: what an outside board page needs to draw its header and columns (the
 * contest's times, rule and seal settings, its problems' display ids, titles and balloon colours).
 */
export async function outsideInfo(db: Db, c: PageContest, now = new Date()) {
  const problemList = await db
    .select({
      pid: contestProblems.pid,
      displayId: contestProblems.displayId,
      displayTitle: contestProblems.displayTitle,
      color: contestProblems.color,
    })
    .from(contestProblems)
    .where(eq(contestProblems.cid, c.id))
    .orderBy(asc(contestProblems.displayId));
  return {
    contest: {
      id: c.id,
      title: c.title,
      type: c.type,
      auth: c.auth,
      status: contestStatus(c, now),
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      now: now.toISOString(),
      duration: contestDurationMs(c),
      openRank: c.openRank,
      sealRank: c.sealRank,
      sealRankTime: c.sealRankTime?.toISOString() ?? null,
      autoRealRank: c.autoRealRank,
      oiRankScoreType: c.oiRankScoreType,
      rankShowName: c.rankShowName,
      awardType: c.awardType,
    },
    problemList,
  };
}
