import {
  type AcmCellVo,
  type AcmRowVo,
  acmTotals,
  ContestType,
  compareAcmRows,
  JudgeStatus,
} from '@oj/shared';
import { sql } from 'drizzle-orm';
import { firstBloodOpen } from '../first-blood.js';
import {
  boundsSql,
  contestSubmissionsSql,
  inContestCountSql,
  PENALTY_SQL,
  sealedTriesSql,
  UNFINISHED_SQL,
} from './sql.js';
import { type CellRow, defineBoardRule, type RowContext } from './types.js';

/** Seconds of penalty a counted wrong try costs (the shared rule, packages/shared scoreboard/ranking.ts). */
export { ACM_PENALTY_SECONDS } from '@oj/shared';

/** One problem's ACM cell in the asked view, or null when there is nothing to show. */
function acmCell(c: CellRow, ctx: RowContext): AcmCellVo | null {
  const { sealed, containsEnd } = ctx.view;
  const acLimit = sealed ? ctx.sealMs : containsEnd ? Number.POSITIVE_INFINITY : ctx.durationMs;
  const isAC = c.acMs != null && c.acMs < acLimit;
  const wrong = sealed ? c.sWrong : containsEnd ? c.eWrong : c.rWrong;
  const pending = sealed ? c.sPending : containsEnd ? c.ePending : c.rPending;
  const hidden = sealed ? c.sealedTries + (containsEnd ? c.sealedTriesAfterEnd : 0) : 0;
  const tryNum = isAC ? 0 : pending + hidden;
  if (!isAC && wrong === 0 && tryNum === 0) return null;
  return {
    isAC,
    isFirstAC: false,
    isAfterContest: isAC && (c.acMs ?? 0) >= ctx.durationMs,
    ACTime: isAC ? Math.floor((c.acMs ?? 0) / 1000) : null,
    errorNum: wrong,
    tryNum,
  };
}

/**
 * ACM (notes "Contests"): solved count descending, then total time ascending; total time (s) = sum over solved
 * problems of (seconds from the start to the first AC + 20 min per counted wrong try before it). Totals and order
 * come from packages/shared scoreboard/ranking.ts (the web's scroll board uses the same). WA, PE, TLE,
 * MLE and RE count; CE, SE, Submitted Failed, Cancelled and PA are free; pending ones are shown as tries only.
 * First blood: the earliest in-contest AC per problem, every AC of that same second, once no submission made at or
 * before that second is still being judged.
 */
export const acmRule = defineBoardRule<AcmRowVo>({
  type: ContestType.ACM,
  name: 'ACM',

  cellsSql(p) {
    const b = boundsSql(p);
    // One pass in (uid, pid, time) order, straight off the covering index submissions_contest_cell_idx (no sort,
    // no hash, no join): `solved` says whether an AC came at or before this submission's instant, so "before the
    // first AC" is `NOT solved` (the same as t < first AC: an AC of the same instant counts as before). `k`
    // classes the verdict once: 1 counted wrong try, 2 unfinished, 0 neither.
    const tries = (k: number, bound: typeof b.end | null) =>
      sql`count(*) FILTER (WHERE s.k = ${sql.raw(String(k))} AND NOT s.solved${bound ? sql` AND s.t < ${bound}` : sql``})::int`;
    return sql`SELECT ${p.cid}::bigint AS cid, s.uid, s.pid, ${inContestCountSql(p)},
        floor(extract(epoch FROM (min(s.t) FILTER (WHERE s.status = ${JudgeStatus.ACCEPTED}) - ${b.start})) * 1000)::bigint
          AS ac_ms,
        ${tries(1, b.end)} AS r_wrong, ${tries(1, null)} AS e_wrong, ${tries(1, b.seal)} AS s_wrong,
        ${tries(2, b.end)} AS r_pending, ${tries(2, null)} AS e_pending, ${tries(2, b.seal)} AS s_pending,
        NULL::int AS r_score, NULL::int AS e_score, NULL::int AS s_score,
        NULL::int AS r_time, NULL::int AS e_time, NULL::int AS s_time,
        ${sealedTriesSql(p)}
      FROM (SELECT a.uid, a.pid, a.t, a.status,
          CASE WHEN ${PENALTY_SQL} THEN 1 WHEN ${UNFINISHED_SQL} THEN 2 ELSE 0 END AS k,
          bool_or(a.status = ${JudgeStatus.ACCEPTED}) OVER (PARTITION BY a.uid, a.pid ORDER BY a.t) AS solved
        FROM (${contestSubmissionsSql(p)}) a) s
      GROUP BY s.uid, s.pid`;
  },

  makeRow(base, cells, ctx) {
    const submissionInfo: Record<string, AcmCellVo> = {};
    for (const c of cells) {
      const displayId = ctx.displayIds.get(c.pid);
      if (displayId == null) continue;
      const cell = acmCell(c, ctx);
      if (cell) submissionInfo[displayId] = cell;
    }
    return { ...base, ...acmTotals(Object.values(submissionInfo)), submissionInfo };
  },

  markBoard(rows, ctx, noFirstBlood) {
    const first = new Map<string, number>();
    for (const r of rows) {
      if (noFirstBlood(r)) continue;
      for (const [id, c] of Object.entries(r.submissionInfo)) {
        if (!c.isAC || c.isAfterContest || c.ACTime == null) continue;
        const best = first.get(id);
        if (best == null || c.ACTime < best) first.set(id, c.ACTime);
      }
    }
    for (const r of rows) {
      const out = noFirstBlood(r);
      for (const [id, c] of Object.entries(r.submissionInfo)) {
        const at = first.get(id);
        // Not while a submission made at or before it is still being judged (first-blood.ts): never moved later.
        c.isFirstAC =
          !out && c.isAC && !c.isAfterContest && c.ACTime === at && !firstBloodOpen(ctx.firstPending, id, at);
      }
    }
  },

  ownRowWhenSealed(sealed, real) {
    const submissionInfo: Record<string, AcmCellVo> = {};
    for (const [id, c] of Object.entries(real.submissionInfo)) {
      submissionInfo[id] = { ...c, isFirstAC: sealed.submissionInfo[id]?.isFirstAC === true };
    }
    const { rank, isWinAward, awardName, awardBackground, awardColor, isConcerned } = sealed;
    return { ...real, submissionInfo, rank, isWinAward, awardName, awardBackground, awardColor, isConcerned };
  },

  compare: compareAcmRows,
  solvedSomething: (row) => row.ac > 0,

  exportColumns(displayIds) {
    return [
      { header: 'AC', value: (r) => r.ac },
      { header: 'Total Time', value: (r) => r.totalTime },
      ...displayIds.map((id) => ({
        header: id,
        value: (r: AcmRowVo) => {
          const c = r.submissionInfo[id];
          if (!c) return '';
          const tries = c.tryNum ? ` (+${c.tryNum}?)` : '';
          if (!c.isAC) return `-${c.errorNum}${tries}`;
          return `${formatSeconds(c.ACTime ?? 0)}${c.errorNum ? ` (-${c.errorNum})` : ''}`;
        },
      })),
    ];
  },
});

/** hh:mm:ss of a number of seconds (hours not wrapped). */
export function formatSeconds(s: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
