import { PENALTY_STATUS_CODES, UNFINISHED_STATUS_CODES } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { CellSqlParams } from './types.js';

/** The bound instants of a cell query as SQL timestamps: start, end, seal (the end when there is no seal). */
export function boundsSql(p: CellSqlParams): { start: SQL; end: SQL; seal: SQL } {
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return {
    start: ts(p.bounds.start),
    end: ts(p.bounds.end),
    seal: ts(p.bounds.seal ?? p.bounds.end),
  };
}

/** `status IN (WA, PE, TLE, MLE, RE)`: a try that costs an ACM penalty (CE, SE, SF, Cancelled, PA do not). */
export const PENALTY_SQL = sql.raw(`status IN (${PENALTY_STATUS_CODES.join(', ')})`);
/** The unfinished codes (Pending, Compiling, Judging, Submitting) as an SQL list. */
export const UNFINISHED_LIST = UNFINISHED_STATUS_CODES.join(', ');
/** `status IN (Pending, Compiling, Judging, Submitting)`. */
export const UNFINISHED_SQL = sql.raw(`status IN (${UNFINISHED_LIST})`);

/**
 * The contest's submissions a board counts, a SELECT of `(uid, pid, id, t, status, score, time)`: at or after the
 * start (earlier ones are left off), narrowed by the caller's filter. Rules read it as a subquery. (`cid > 0`
 * lets the planner use the partial covering index submissions_contest_cell_idx.)
 */
export function contestSubmissionsSql(p: CellSqlParams): SQL {
  const b = boundsSql(p);
  return sql`SELECT uid, pid, id, submit_time AS t, status, score, time FROM submissions
    WHERE cid = ${p.cid} AND cid > 0 AND submit_time >= ${b.start} AND ${p.filter}`;
}

/** `count(*) FILTER (WHERE t < end) AS r_count`: the submissions made before the end. */
export function inContestCountSql(p: CellSqlParams): SQL {
  return sql`count(*) FILTER (WHERE s.t < ${boundsSql(p).end})::int AS r_count`;
}

/** The tries a sealed board hides: from the seal to the end, and after the end (both 0 without a seal). */
export function sealedTriesSql(p: CellSqlParams): SQL {
  const b = boundsSql(p);
  if (!p.bounds.seal) return sql`0 AS frozen, 0 AS frozen_end`;
  return sql`count(*) FILTER (WHERE s.t >= ${b.seal} AND s.t < ${b.end})::int AS frozen,
    count(*) FILTER (WHERE s.t >= ${b.end} AND s.t >= ${b.seal})::int AS frozen_end`;
}
