import { GroupMemberAuth, GroupRankType, JudgeStatus, type Page, type RankRecord } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { publicVerdicts } from '../contest/contest.public-verdicts.js';
import { rankList } from '../rank/rank.service.js';
import { enterGroup } from './group.access.js';

export interface GroupRankQuery {
  gid: number;
  currentPage: number;
  limit: number;
  type: number;
  searchUser?: string;
}

/**
 * GET /api/get-group-rank-list (members; doc 3 §2 "Group rank", §7): the site rank's ACM (type 0: AC count, then
 * fewer submissions) or OI (type 1: score) ordering over the group's members, counting only submissions made in the
 * group (gid set: group practice and group contests). Per member: `ac` distinct problems accepted, `total` judged
 * submissions, `score` the sum over problems of the best OI rank score. Members without a judged submission are
 * left off, as in the site rank. A group contest's verdicts the public may not see now (`publicVerdicts`: sealed)
 * are left out until the seal lifts (issue 23 §2a).
 */
export async function groupRankList(
  ctx: AppContext,
  user: SessionUser | null,
  q: GroupRankQuery,
): Promise<Page<RankRecord>> {
  await enterGroup(ctx, user, q.gid);
  const hidden = (await publicVerdicts(ctx.db)).hiddenSql({
    cid: sql`s.cid`,
    uid: sql`s.uid`,
    submitTime: sql`s.submit_time`,
  });
  const records = sql`(
    SELECT x.uid, count(*) FILTER (WHERE x.solved)::int AS ac, sum(x.n)::int AS total, sum(x.best)::int AS score
    FROM (
      SELECT s.uid, s.pid, bool_or(s.status = ${JudgeStatus.ACCEPTED}) AS solved,
        count(*) FILTER (WHERE s.counted_status IS NOT NULL) AS n, max(coalesce(s.oi_rank_score, 0)) AS best
      FROM submissions s
      JOIN group_members m ON m.gid = ${q.gid} AND m.uid = s.uid AND m.auth >= ${GroupMemberAuth.MEMBER}
      WHERE s.gid = ${q.gid} ${hidden ? sql`AND NOT ${hidden}` : sql``}
      GROUP BY s.uid, s.pid
    ) x GROUP BY x.uid
  )`;
  const type = q.type === GroupRankType.OI ? 'OI' : 'ACM';
  return rankList(
    ctx,
    { type, currentPage: q.currentPage, limit: q.limit, searchUser: q.searchUser },
    records,
  );
}
