import { JudgeStatus } from '@oj/shared';
import { type AnyColumn, and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contests } from '../../db/schema/index.js';
import type { Tx } from '../problem/problem.store.js';
import type { ContestRow } from './contest.access.js';
import { sealOf } from './contest.clock.js';
import { hiddenStatusOf, publicViewer, shownVerdict, visibleVerdictSql } from './contest.visibility.js';

/**
 * Which contest verdicts the public may not see right now (issue 23 §2a): the one rule behind every public figure
 * derived from verdicts (problem counters, the home page's week statistics, the group rank, the live board events).
 * A contest submission's verdict is public unless its contest is sealed now (`isSealed`, contest.clock.ts) and the
 * contest's own rule hides it from a viewer who is neither its owner nor a contest admin (`shownVerdict` for
 * `publicViewer`): in OI every verdict, in ACM those submitted from `sealRankTime` on. When the seal lifts (the end
 * with `autoRealRank`, or an admin's edit) the same verdicts count again: nothing is stored, so nothing is stale.
 */
export interface PublicVerdicts {
  /** The contests sealed now (whose verdicts may be hidden from the public). */
  sealed: ContestRow[];
  /** Changes whenever the set of sealed contests or their seal settings change: caches of figures keep it. */
  key: string;
  /**
   * SQL true for the submissions whose verdict the public may not see now (on the given submissions columns);
   * `undefined` when none is hidden.
   */
  hiddenSql(cols: SubmissionCols): SQL | undefined;
  /**
   * SQL: the status the public sees for a submission (a hidden verdict as Pending in ACM, Submitted Unknown Result
   * in OI, as the contest's lists show it to others); the stored status when nothing is hidden.
   */
  publicStatusSql(cols: SubmissionCols & { status: AnyColumn | SQL }): SQL;
}

/** The submissions columns the rule reads (table columns, or `sql` fragments naming an aliased table's). */
export interface SubmissionCols {
  cid: AnyColumn | SQL;
  uid: AnyColumn | SQL;
  submitTime: AnyColumn | SQL;
}

/**
 * Loads the contests sealed at `now` and answers {@link PublicVerdicts}. One query on `contests` for the candidates
 * (`sealRank` on and not ended, or ended without `autoRealRank`: a superset), then the seal object decides
 * (`sealOf(c).holds`).
 */
export async function publicVerdicts(db: Db | Tx, now = new Date()): Promise<PublicVerdicts> {
  const candidates = await db
    .select()
    .from(contests)
    .where(and(eq(contests.sealRank, true), or(gt(contests.endTime, now), eq(contests.autoRealRank, false))));
  const sealed = candidates.filter((c) => sealOf(c).holds(now)).sort((a, b) => a.id - b.id);
  const key = sealed
    .map((c) => `${c.id}:${c.type}:${sealOf(c).startsAt?.getTime()}:${c.endTime.getTime()}`)
    .join(',');
  /** Per sealed contest: SQL true for its submissions hidden from the public. */
  const hiddenIn = (c: ContestRow, cols: SubmissionCols): SQL => {
    const visible = visibleVerdictSql(publicViewer(c, now), cols);
    return sql`(${cols.cid} = ${c.id} AND NOT coalesce(${visible ?? sql`true`}, true))`;
  };
  return {
    sealed,
    key,
    hiddenSql(cols) {
      if (!sealed.length) return undefined;
      return sql`(${sql.join(
        sealed.map((c) => hiddenIn(c, cols)),
        sql` OR `,
      )})`;
    },
    publicStatusSql(cols) {
      if (!sealed.length) return sql`${cols.status}`;
      const whens = sealed.map((c) => sql`WHEN ${hiddenIn(c, cols)} THEN ${hiddenStatusOf(c)}::int`);
      return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${cols.status} END)`;
    },
  };
}

/**
 * True when the public may not see the verdict of this submission of `contest` now (the row form of
 * {@link PublicVerdicts.hiddenSql}, for one submission: the live events).
 */
export function hiddenFromPublic(
  contest: ContestRow,
  row: { uid: string; submitTime: Date },
  now = new Date(),
): boolean {
  const probe = { ...row, status: JudgeStatus.ACCEPTED, score: null, time: null, memory: null };
  return shownVerdict(publicViewer(contest, now), probe) !== probe;
}
