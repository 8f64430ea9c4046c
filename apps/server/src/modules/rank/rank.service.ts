import { type Page, type RankRecord, UserStatus } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../lib/sql-rows.js';

export interface RankQuery {
  type: 'ACM' | 'OI';
  currentPage: number;
  limit: number;
  searchUser?: string;
}

/** The per-user figures a ranking reads: the site's user_records by default. */
const SITE_RECORDS = sql`user_records`;

/**
 * The global ACM or OI ranking (doc 2 §2.11): ACM by AC count descending then submissions ascending; OI by score
 * descending. Users without any judged submission are left off. `searchUser` matches username or nickname.
 * `records` is the relation of (uid, ac, total, score) rows to rank (default user_records; the group rank passes
 * its group's figures).
 */
export async function rankList(
  ctx: AppContext,
  q: RankQuery,
  records: SQL = SITE_RECORDS,
): Promise<Page<RankRecord>> {
  const search = q.searchUser?.trim() ? `%${q.searchUser.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = sql`r.total > 0 AND u.status = ${UserStatus.NORMAL} ${
    search ? sql`AND (u.username ILIKE ${search} OR u.nickname ILIKE ${search})` : sql``
  }`;
  const order = q.type === 'ACM' ? sql`r.ac DESC, r.total ASC, r.uid` : sql`r.score DESC, r.ac DESC, r.uid`;
  const offset = (q.currentPage - 1) * q.limit;
  const rows = await ctx.db.execute(sql`
    SELECT u.uid, u.username, u.nickname, u.avatar, u.title_name AS "titleName", u.title_color AS "titleColor",
      u.signature, r.ac, r.total, r.score
    FROM ${records} r JOIN users u ON u.uid = r.uid
    WHERE ${where} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${offset}`);
  const count = await ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM ${records} r JOIN users u ON u.uid = r.uid WHERE ${where}`,
  );
  return {
    records: rowsOf<RankRecord>(rows),
    total: rowsOf<{ n: number }>(count)[0]?.n ?? 0,
    current: q.currentPage,
    size: q.limit,
  };
}
