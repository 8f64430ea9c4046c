import { ContestType, JudgeStatus, OiRankScoreType, type OiRowVo } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  boundsSql,
  contestSubmissionsSql,
  inContestCountSql,
  sealedTriesSql,
  UNFINISHED_LIST,
  UNFINISHED_SQL,
} from './sql.js';
import { defineBoardRule } from './types.js';

/** A verdict that scores: finished, not Cancelled, not Submitted Failed. */
const SCORED_SQL = sql.raw(
  `status NOT IN (${UNFINISHED_LIST}, ${JudgeStatus.CANCELLED}, ${JudgeStatus.SUBMITTED_FAILED})`,
);
/** A submission's score: its stored score; an AC without one (remote judge) 100, anything else without one 0. */
const SCORE_SQL = sql.raw(
  `CASE WHEN status = ${JudgeStatus.ACCEPTED} AND score IS NULL THEN 100 ELSE coalesce(score, 0) END`,
);

/**
 * OI (notes "Contests"): total score descending, then the sum of the fastest AC run times (ms) ascending; equal
 * both, equal rank. A problem scores its latest verdict (oiRankScoreType Recent) or its best (Highest).
 */
export const oiRule = defineBoardRule<OiRowVo>({
  type: ContestType.OI,
  name: 'OI',

  cellsSql(p) {
    const b = boundsSql(p);
    const upTo = (bound: SQL | null) => (bound ? sql` AND s.t < ${bound}` : sql``);
    const score = (bound: SQL | null) =>
      p.oiRankScoreType === OiRankScoreType.HIGHEST
        ? sql`max(${SCORE_SQL}) FILTER (WHERE ${SCORED_SQL}${upTo(bound)})`
        : sql`(array_agg(${SCORE_SQL} ORDER BY s.t DESC, s.id DESC) FILTER (WHERE ${SCORED_SQL}${upTo(bound)}))[1]`;
    const fastest = (bound: SQL | null) =>
      sql`min(s.time) FILTER (WHERE status = ${JudgeStatus.ACCEPTED}${upTo(bound)})`;
    const pending = (bound: SQL | null) => sql`count(*) FILTER (WHERE ${UNFINISHED_SQL}${upTo(bound)})::int`;
    return sql`SELECT ${p.cid}::bigint AS cid, s.uid, s.pid, ${inContestCountSql(p)}, NULL::bigint AS ac_ms,
        0 AS r_wrong, 0 AS e_wrong, 0 AS s_wrong,
        ${pending(b.end)} AS r_pending, ${pending(null)} AS e_pending, ${pending(b.seal)} AS s_pending,
        ${score(b.end)}::int AS r_score, ${score(null)}::int AS e_score, ${score(b.seal)}::int AS s_score,
        ${fastest(b.end)}::int AS r_time, ${fastest(null)}::int AS e_time, ${fastest(b.seal)}::int AS s_time,
        ${sealedTriesSql(p)}
      FROM (${contestSubmissionsSql(p)}) s GROUP BY s.uid, s.pid`;
  },

  makeRow(base, cells, ctx) {
    const { sealed, containsEnd } = ctx.view;
    const row: OiRowVo = {
      ...base,
      totalScore: 0,
      totalTime: 0,
      submissionInfo: {},
      timeInfo: {},
      tryInfo: {},
    };
    for (const c of cells) {
      const id = ctx.displayIds.get(c.pid);
      if (id == null) continue;
      const score = sealed ? c.sScore : containsEnd ? c.eScore : c.rScore;
      const time = sealed ? c.sTime : containsEnd ? c.eTime : c.rTime;
      const pending = sealed ? c.sPending : containsEnd ? c.ePending : c.rPending;
      const tries = pending + (sealed ? c.sealedTries + (containsEnd ? c.sealedTriesAfterEnd : 0) : 0);
      if (score != null) {
        row.submissionInfo[id] = score;
        row.totalScore += score;
      }
      if (time != null) {
        row.timeInfo[id] = time;
        row.totalTime += time;
      }
      if (tries > 0) row.tryInfo[id] = tries;
    }
    return row;
  },

  compare: (a, b) => b.totalScore - a.totalScore || a.totalTime - b.totalTime,
  solvedSomething: (row) => row.totalScore > 0,

  exportColumns(displayIds) {
    return [
      { header: 'Total Score', value: (r) => r.totalScore },
      { header: 'Total Time (ms)', value: (r) => r.totalTime },
      ...displayIds.map((id) => ({
        header: id,
        value: (r: OiRowVo) => r.submissionInfo[id] ?? (r.tryInfo[id] ? '?' : ''),
      })),
    ];
  },
});
