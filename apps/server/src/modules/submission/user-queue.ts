import { isSuperAdminRole, JUDGING_STATUS_CODES, LIMITS } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../context.js';
import { tooMany } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * Inside the caller's transaction, before it queues a job for `user`: takes the user's queue lock (so two requests
 * at once cannot both pass) and throws 429 when the user already has LIMITS.unfinishedTestRunsPerUser unfinished
 * test runs (`kind` 'test') or LIMITS.unfinishedSubmissionsPerUser unfinished submissions (`kind` 'judge'; super
 * admins exempt). Keeps one user's flood from filling the judge queue (issue 8 finding 4).
 */
export async function assertQueueRoom(tx: Tx, user: SessionUser, kind: 'judge' | 'test'): Promise<void> {
  if (kind === 'judge' && isSuperAdminRole(user.role)) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`user-queue:${user.uid}`}))`);
  if (kind === 'test') {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM test_judges
        WHERE uid = ${user.uid} AND status IN ${JUDGING_STATUS_CODES}`),
    );
    if (Number(row?.n ?? 0) >= LIMITS.unfinishedTestRunsPerUser) {
      throw tooMany('submission.testRunBusy');
    }
    return;
  }
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM submissions
      WHERE uid = ${user.uid} AND status IN ${JUDGING_STATUS_CODES}`),
  );
  if (Number(row?.n ?? 0) >= LIMITS.unfinishedSubmissionsPerUser) {
    throw tooMany('submission.queueFull', { count: LIMITS.unfinishedSubmissionsPerUser });
  }
}
