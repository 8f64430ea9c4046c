import {
  isJudgingStatus,
  JUDGING_STATUS_CODES,
  type JudgeProgress,
  type JudgeResult,
  JudgeStatus,
} from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppEvents } from '../../app-events.js';
import type { Db } from '../../db/client.js';
import { judgeCases, testJudges } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { applyCompileResult } from '../problem/compile-check.service.js';
import { releaseAccountOf } from '../remote-judge/accounts.js';
import { countedStatusOf, moveCounters } from './counters.js';
import { queueSettings } from './queue.js';

const MAX_TEXT = 64 * 1024;
const cut = (s: string | null | undefined, n = MAX_TEXT) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s;

/**
 * Applies a judge result in one transaction: accepted only from the judgehost holding the job's lease and for the
 * current submission version; then the submission's verdict, its case rows (replaced), the problem counters (the
 * old counted verdict undone) and the `submission/judged` listeners (on `events`, the app's hub). The job's end,
 * the submission's lock, verdict and old case rows are one statement (then the new case rows, the counters and the
 * listeners). Test runs update their test_judges row, compile checks their compile_checks row.
 * Returns false for duplicates, late results, foreign leases and stale versions.
 */
export async function applyResult(db: Db, events: AppEvents, r: JudgeResult): Promise<boolean> {
  const counted = countedStatusOf(r.status);
  return db.transaction(async (tx) => {
    // One statement: the job is ended only when this judgehost holds it for this version; a judge job's
    // submission (of that version) is locked, read as it was, given its verdict and cleared of its old case rows.
    const [row] = rowsOf<{
      kind: string;
      testKey: string | null;
      remoteOj: string | null;
      subId: number | null;
      pid: number | null;
      uid: string | null;
      cid: number | null;
      previous: number | null;
    }>(
      await tx.execute(sql`
        WITH job AS (
          UPDATE judge_jobs SET state = 'done', lease_expires = NULL, gmt_modified = now()
          WHERE id = ${r.jobId} AND state = 'leased' AND judgehost_id = ${r.judgehostId}
            AND submission_version = ${r.version}
          RETURNING kind, submit_id, test_key, remote_oj),
        old AS (
          SELECT s.id, s.pid, s.uid, s.cid, s.counted_status FROM submissions s, job
          WHERE job.kind = 'judge' AND s.id = job.submit_id AND s.version = ${r.version}
          FOR UPDATE OF s),
        upd AS (
          UPDATE submissions s SET status = ${r.status}::int,
            remote_run_id = CASE WHEN job.remote_oj IS NULL THEN s.remote_run_id
              ELSE coalesce(${r.remote?.runId ?? null}::text, s.remote_run_id) END, score = ${r.score}::int,
            oi_rank_score = ${r.oiRankScore}::int, time = ${r.time}::int, memory = ${r.memory}::int,
            error_message = ${cut(r.errorMessage)}, counted_status = ${counted}::int, judge_end = now(),
            gmt_modified = now()
          FROM old, job WHERE s.id = old.id
          RETURNING 1),
        del AS (DELETE FROM judge_cases c USING old WHERE c.submit_id = old.id RETURNING 1)
        SELECT job.kind, job.test_key AS "testKey", job.remote_oj AS "remoteOj", old.id AS "subId", old.pid, old.uid, old.cid,
          old.counted_status AS previous
        FROM job LEFT JOIN old ON true`),
    );
    if (!row) return false;
    // A remote job's pool account is free again (remote-judge/lease.ts claimed it).
    if (row.remoteOj) await releaseAccountOf(tx, r.jobId);

    if (row.kind === 'compile') {
      if (!row.testKey) return false;
      await applyCompileResult(tx, row.testKey, r);
      return true;
    }
    if (row.kind === 'test') {
      if (!row.testKey) return false;
      await tx
        .update(testJudges)
        .set({
          status: r.status,
          time: r.time,
          memory: r.memory,
          userOutput: cut(r.userOutput),
          stderr: cut(r.stderr ?? r.errorMessage),
          errorMessage: cut(r.errorMessage),
        })
        .where(eq(testJudges.key, row.testKey));
      return true;
    }

    // No submission of this version (gone, or rejudged since): the job is over, nothing else changes.
    if (row.subId == null || row.pid == null || row.uid == null || row.cid == null) return false;
    const sub = { id: Number(row.subId), pid: Number(row.pid), uid: row.uid, cid: Number(row.cid) };
    const previous = row.previous == null ? null : Number(row.previous);
    if (r.cases.length) {
      await tx.insert(judgeCases).values(
        r.cases.map((c) => ({
          submitId: sub.id,
          caseIndex: c.index,
          status: c.status,
          time: c.time,
          memory: c.memory,
          score: c.score,
          groupNum: c.groupNum,
          inputData: cut(c.inputData, 4096),
          outputData: cut(c.outputData, 4096),
          userOutput: cut(c.userOutput, 4096),
          message: cut(c.message, 4096),
          rerun: c.rerun ?? null,
        })),
      );
    }
    await moveCounters(tx, sub.pid, previous, counted);
    await events.emit('submission/judged', tx, {
      submitId: sub.id,
      pid: sub.pid,
      uid: sub.uid,
      cid: sub.cid,
      status: r.status,
      score: r.score,
      previousStatus: previous,
      source: 'judge',
    });
    return true;
  });
}

/**
 * Records progress (6 Compiling / 7 Judging, with cases `judged` of `total` when given) of a job held by the
 * judgehost and extends its lease, in one statement: the counts go on the job row the lease update writes anyway,
 * and the submission row is written only when its status changes (not on every case). The status moves only while
 * the submission is unfinished and of the job's version (a test run's while unfinished). The `submission/progress`
 * listeners then hear it (the live stream; their failures are reported, never fail the call). Returns false for
 * jobs this judgehost does not hold.
 */
export async function applyProgress(db: Db, events: AppEvents, p: JudgeProgress): Promise<boolean> {
  const status = p.status === JudgeStatus.COMPILING || p.status === JudgeStatus.JUDGING ? p.status : null;
  const judged = p.judged ?? null;
  const total = p.total ?? null;
  const res = await db.execute(sql`
    WITH job AS (
      UPDATE judge_jobs SET lease_expires = now() + make_interval(secs => ${queueSettings.leaseSeconds}),
        progress_judged = coalesce(${judged}::int, progress_judged),
        progress_total = coalesce(${total}::int, progress_total)
      WHERE id = ${p.jobId} AND state = 'leased' AND judgehost_id = ${p.judgehostId}
      RETURNING kind, submit_id, test_key, submission_version),
    sub AS (
      UPDATE submissions s SET status = ${status}::int, gmt_modified = now() FROM job
      WHERE ${status}::int IS NOT NULL AND job.kind = 'judge' AND s.id = job.submit_id
        AND s.version = job.submission_version AND s.status IN ${JUDGING_STATUS_CODES} AND s.status <> ${status}::int
      RETURNING 1),
    tst AS (
      UPDATE test_judges t SET status = ${status}::int FROM job
      WHERE ${status}::int IS NOT NULL AND job.kind <> 'judge' AND t.key = job.test_key
        AND t.status IN ${JUDGING_STATUS_CODES} AND t.status <> ${status}::int
      RETURNING 1)
    -- data-modifying WITH parts always run to completion, read or not; the submission as it was before them
    SELECT s.id AS "submitId", s.uid, s.cid, s.status AS "before" FROM job
    LEFT JOIN submissions s ON job.kind = 'judge' AND s.id = job.submit_id AND s.version = job.submission_version`);
  const [row] = rowsOf<{
    submitId: number | null;
    uid: string | null;
    cid: number | null;
    before: number | null;
  }>(res);
  if (!row) return false;
  if (status != null && row.submitId != null && row.uid != null && isJudgingStatus(Number(row.before))) {
    await events.settle('submission/progress', db, {
      submitId: Number(row.submitId),
      uid: row.uid,
      cid: Number(row.cid),
      status,
      judged,
      total,
    });
  }
  return true;
}
