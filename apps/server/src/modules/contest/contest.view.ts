import { type AdminContestVo, type ContestVo, Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { contestRegisters } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { ContestRow } from './contest.access.js';
import { contestDurationMs, contestStatus, sealSettings } from './contest.clock.js';

/**
 * Participants per contest id (doc 2 §2.6 list "participant count", §3 Contest `count`; issue 25 item 8): the
 * registered users plus everyone the board counts, i.e. who submitted before the end (the contest's creator and
 * super admins left off, as makeRows does). Absent ids have 0.
 */
export async function registrationCounts(ctx: AppContext, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const ids = sql.join(
    cids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await ctx.db.execute(sql`
    select p.cid as cid, count(distinct p.uid)::int as n from (
      select ${contestRegisters.cid} as cid, ${contestRegisters.uid} as uid from ${contestRegisters}
        where ${contestRegisters.cid} in (${ids})
      union
      select s.cid as cid, s.uid as uid from submissions s
        join contests c on c.id = s.cid
        join users u on u.uid = s.uid
        where s.cid in (${ids}) and s.submit_time < c.end_time and s.uid <> c.uid and u.role <> ${Role.ROOT}
    ) p group by p.cid`);
  for (const r of rowsOf<{ cid: unknown; n: unknown }>(result)) out.set(Number(r.cid), Number(r.n));
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
    ...sealSettings(c),
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
