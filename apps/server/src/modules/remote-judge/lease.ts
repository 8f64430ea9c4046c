import { accountPoolOf, JUDGING_STATUS_CODES, JudgeStatus, type RemoteOjName } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { type LeasedJob, QUEUE_CHANNEL, queueSettings } from '../judge/queue.js';

/** A leased remote job and the pool account claimed for it (password still sealed). */
export interface LeasedRemoteJob {
  job: LeasedJob;
  oj: RemoteOjName;
  account: { id: number; username: string; passwordEnc: string };
  /** POJ rejudge of a submission already on the site: its run id (read again with the same account). */
  previousRunId: string | null;
}

/** The pool of a job's OJ in SQL (GYM uses CF's accounts). */
const poolOf = (col: ReturnType<typeof sql>) => sql`(CASE WHEN ${col} = 'GYM' THEN 'CF' ELSE ${col} END)`;

/**
 * Leases the best queued remote job (priority, then age) whose OJ has a free enabled account, and claims that
 * account for it, in one transaction (issue 27, docs/remote-judges.md): the job with `FOR UPDATE SKIP LOCKED`, the
 * account likewise (least recently used first), so two judgehosts never get the same job or account and an account
 * never serves two submissions at once. A POJ rejudge of a submission with a run id waits for its original account
 * (while that account exists and is enabled) and carries the run id. The submission is marked Compiling and its
 * account recorded, as leaseOne does. No free account: the job stays queued (null).
 */
export async function leaseRemote(
  db: Db,
  judgehostId: string,
  judgerName: string,
): Promise<LeasedRemoteJob | null> {
  return db.transaction(async (tx) => {
    const need = sql`(CASE WHEN j.remote_oj = 'POJ' AND s.remote_run_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM remote_judge_accounts o WHERE o.id = s.remote_account_id AND o.enabled)
      THEN s.remote_account_id END)`;
    const [cand] = rowsOf<{ id: number; oj: RemoteOjName; need: number | null; runId: string | null }>(
      await tx.execute(sql`
        SELECT j.id, j.remote_oj AS oj, ${need} AS need, s.remote_run_id AS "runId"
        FROM judge_jobs j JOIN submissions s ON s.id = j.submit_id
        WHERE j.state = 'queued' AND j.kind = 'judge' AND j.remote_oj IS NOT NULL
          AND EXISTS (SELECT 1 FROM remote_judge_accounts a WHERE a.oj = ${poolOf(sql`j.remote_oj`)}
            AND a.enabled AND a.busy_job_id IS NULL AND (${need} IS NULL OR a.id = ${need}))
        ORDER BY j.priority DESC, j.id ASC
        FOR UPDATE OF j SKIP LOCKED
        LIMIT 1`),
    );
    if (!cand) return null;
    const jobId = Number(cand.id);
    const needId = cand.need == null ? null : Number(cand.need);
    const [account] = rowsOf<{ id: number; username: string; passwordEnc: string }>(
      await tx.execute(sql`
        UPDATE remote_judge_accounts SET busy_job_id = ${jobId},
          busy_submit_id = (SELECT submit_id FROM judge_jobs WHERE id = ${jobId}), claimed_at = now(),
          gmt_modified = now()
        WHERE id = (SELECT id FROM remote_judge_accounts
          WHERE oj = ${accountPoolOf(cand.oj)} AND enabled AND busy_job_id IS NULL
            AND (${needId}::bigint IS NULL OR id = ${needId}::bigint)
          ORDER BY claimed_at ASC NULLS FIRST, id ASC
          FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, username, password_enc AS "passwordEnc"`),
    );
    // Another instance took the last free account between the two statements: try again on the next poll.
    if (!account) return null;
    const [job] = rowsOf<LeasedJob>(
      await tx.execute(sql`
        WITH job AS (
          UPDATE judge_jobs SET state = 'leased', judgehost_id = ${judgehostId},
            lease_expires = now() + make_interval(secs => ${queueSettings.leaseSeconds}), gmt_modified = now(),
            progress_judged = NULL, progress_total = NULL
          WHERE id = ${jobId}
          RETURNING id, kind, submit_id, test_key, submission_version, attempts),
        sub AS (
          UPDATE submissions s SET judge_start = now(), judger = ${judgerName},
            remote_account_id = ${Number(account.id)},
            status = CASE WHEN s.version = job.submission_version AND s.status IN ${JUDGING_STATUS_CODES}
              THEN ${JudgeStatus.COMPILING}::int ELSE s.status END
          FROM job WHERE s.id = job.submit_id
          RETURNING 1)
        SELECT id, kind, submit_id AS "submitId", test_key AS "testKey", submission_version AS "submissionVersion",
          attempts, pg_notify(${QUEUE_CHANNEL}, '') IS NULL AS "queueMoved" FROM job`),
    );
    return {
      job: {
        id: Number(job.id),
        kind: 'judge',
        submitId: job.submitId == null ? null : Number(job.submitId),
        testKey: null,
        submissionVersion: job.submissionVersion,
        attempts: job.attempts,
      },
      oj: cand.oj,
      account: { id: Number(account.id), username: account.username, passwordEnc: account.passwordEnc },
      previousRunId: needId != null ? cand.runId : null,
    };
  });
}
