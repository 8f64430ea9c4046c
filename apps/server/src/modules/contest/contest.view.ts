import type { AdminContestVo, ContestVo } from '@oj/shared';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { contestRegisters } from '../../db/schema/index.js';
import type { ContestRow } from './contest.access.js';
import { contestDurationMs, contestStatus } from './contest.clock.js';

/** Registered participants per contest id (absent ids have 0). */
export async function registrationCounts(ctx: AppContext, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const rows = await ctx.db
    .select({ cid: contestRegisters.cid, n: sql<number>`count(*)::int` })
    .from(contestRegisters)
    .where(inArray(contestRegisters.cid, cids))
    .groupBy(contestRegisters.cid);
  for (const r of rows) out.set(r.cid, Number(r.n));
  return out;
}

/** The public view of a contest (doc 2 §3 "Contest"): status from `now`, duration in ms, no password. */
export function toContestVo(c: ContestRow, now: Date, count: number): ContestVo {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    type: c.type,
    auth: c.auth,
    status: contestStatus(c, now),
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    now: now.toISOString(),
    duration: contestDurationMs(c),
    count,
    openRank: c.openRank,
    openPrint: c.openPrint,
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime?.toISOString() ?? null,
    autoRealRank: c.autoRealRank,
    allowEndSubmit: c.allowEndSubmit,
    oiRankScoreType: c.oiRankScoreType,
    rankShowName: c.rankShowName,
    awardType: c.awardType,
    gid: c.gid,
    author: c.author,
  };
}

/** Every stored field, for the contest's admins (doc 3 §3 "Group contest"). */
export function toAdminContestVo(c: ContestRow, now: Date, count: number): AdminContestVo {
  return {
    ...toContestVo(c, now, count),
    pwd: c.pwd,
    openAccountLimit: c.openAccountLimit,
    accountLimitRule: c.accountLimitRule,
    starAccount: c.starAccount,
    awardConfigList: c.awardConfig,
    visible: c.visible,
    uid: c.uid,
    gmtCreate: c.gmtCreate.toISOString(),
  };
}
