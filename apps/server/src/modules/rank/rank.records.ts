import { JudgeStatus } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppEvents } from '../../app-events.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * Recomputes one user's practice totals (user_records) from their non-contest submissions: distinct accepted
 * problems, judged submissions (Cancelled and unfinished ones excluded), and the sum of the best OI rank score per
 * problem. One indexed pass over that user's submissions.
 */
export async function recomputeUserRecord(tx: Tx, uid: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO user_records (uid, ac, total, score, gmt_modified)
    SELECT ${uid},
      coalesce(count(DISTINCT s.pid) FILTER (WHERE s.status = ${JudgeStatus.ACCEPTED}), 0),
      coalesce(count(*) FILTER (WHERE s.counted_status IS NOT NULL), 0),
      coalesce((SELECT sum(best) FROM (
        SELECT max(coalesce(s2.oi_rank_score, 0)) AS best FROM submissions s2
        WHERE s2.uid = ${uid} AND s2.cid = 0 GROUP BY s2.pid) b), 0),
      now()
    FROM submissions s WHERE s.uid = ${uid} AND s.cid = 0
    ON CONFLICT (uid) DO UPDATE SET ac = excluded.ac, total = excluded.total, score = excluded.score,
      gmt_modified = excluded.gmt_modified`);
}

/** Registers the user records' listener (the rank plugin calls it once): a practice verdict recomputes its user's. */
export function registerRankRecords(events: AppEvents): void {
  events.on(
    'submission/judged',
    async (tx, e) => {
      if (e.cid === 0) await recomputeUserRecord(tx, e.uid);
    },
    { area: 'rank' },
  );
}
