import { JUDGING_STATUS_CODES, type JudgeProgress, type JudgeResult, JudgeStatus } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { judgeCases, judgeJobs, submissions, testJudges } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { applyCompileResult } from '../problem/compile-check.service.js';
import { countedStatusOf, moveCounters } from './counters.js';
import { runJudgedHooks } from './hooks.js';
import { queueSettings } from './queue.js';

const MAX_TEXT = 64 * 1024;
const cut = (s: string | null | undefined, n = MAX_TEXT) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s;

/**
 * Applies a judge result in one transaction: accepted only from the judgehost holding the job's lease and for the
 * current submission version; then the submission's verdict, its case rows (replaced), the problem counters (the
 * old counted verdict undone) and the onSubmissionJudged hooks. Test runs update their test_judges row, compile
 * checks their compile_checks row.
 * Returns false for duplicates, late results, foreign leases and stale versions.
 */
export async function applyResult(db: Db, r: JudgeResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One statement: the job is ended only when this judgehost holds it for this version.
    const [job] = await tx
      .update(judgeJobs)
      .set({ state: 'done', leaseExpires: null, gmtModified: new Date() })
      .where(
        and(
          eq(judgeJobs.id, r.jobId),
          eq(judgeJobs.state, 'leased'),
          eq(judgeJobs.judgehostId, r.judgehostId),
          eq(judgeJobs.submissionVersion, r.version),
        ),
      )
      .returning();
    if (!job) return false;

    if (job.kind === 'compile') {
      if (!job.testKey) return false;
      await applyCompileResult(tx, job.testKey, r);
      return true;
    }
    if (job.kind === 'test') {
      if (!job.testKey) return false;
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
        .where(eq(testJudges.key, job.testKey));
      return true;
    }

    if (job.submitId == null) return false;
    const [sub] = await tx.select().from(submissions).where(eq(submissions.id, job.submitId)).for('update');
    if (!sub || sub.version !== r.version) return false;

    await tx.delete(judgeCases).where(eq(judgeCases.submitId, sub.id));
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
        })),
      );
    }
    const counted = countedStatusOf(r.status);
    await moveCounters(tx, sub.pid, sub.countedStatus, counted);
    await tx
      .update(submissions)
      .set({
        status: r.status,
        score: r.score,
        oiRankScore: r.oiRankScore,
        time: r.time,
        memory: r.memory,
        errorMessage: cut(r.errorMessage),
        countedStatus: counted,
        judgeEnd: new Date(),
        gmtModified: new Date(),
      })
      .where(eq(submissions.id, sub.id));
    await runJudgedHooks(tx, {
      submitId: sub.id,
      pid: sub.pid,
      uid: sub.uid,
      cid: sub.cid,
      status: r.status,
      score: r.score,
      previousStatus: sub.countedStatus,
      source: 'judge',
    });
    return true;
  });
}

/**
 * Records progress (6 Compiling / 7 Judging, with cases `judged` of `total` when given) of a job held by the
 * judgehost and extends its lease, in one statement: the counts go on the job row the lease update writes anyway,
 * and the submission row is written only when its status changes (not on every case). The status moves only while
 * the submission is unfinished and of the job's version (a test run's while unfinished). Returns false for jobs
 * this judgehost does not hold.
 */
export async function applyProgress(db: Db, p: JudgeProgress): Promise<boolean> {
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
    -- data-modifying WITH parts always run to completion, read or not
    SELECT count(*)::int AS held FROM job`);
  return Number(rowsOf<{ held: number }>(res)[0]?.held ?? 0) > 0;
}
