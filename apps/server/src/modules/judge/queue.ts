import { JUDGING_STATUS_CODES, JudgeStatus } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { judgeJobs } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { JUDGEHOST_LIVE_SECONDS } from '../language/language.service.js';
import type { Tx } from '../problem/problem.store.js';
import { releaseIdleAccounts } from '../remote-judge/accounts.js';

/**
 * Queue timing, per process. `leaseSeconds`: how long a lease lasts (heartbeats and progress extend it by as
 * much); `maxAttempts`: leases that may expire before the job becomes a System Error; `sweepMs`: sweeper period;
 * `pollMs`: how often a waiting lease looks for jobs queued by other server instances. Tests shorten them.
 */
export const queueSettings = { leaseSeconds: 30, maxAttempts: 3, sweepMs: 3000, pollMs: 500 };
/**
 * Priorities: contest jobs first, then test runs (a user is waiting at the screen), then the rest. A test run's
 * priority holds only while fewer than half the live workers (rounded down) run test runs; beyond that it queues
 * like a practice submission, in arrival order (see leaseOne).
 */
export const PRIORITY = { CONTEST: 10, TEST: 5, NORMAL: 0 } as const;

const { PENDING, SYSTEM_ERROR } = JudgeStatus;
/** Work a judgehost has started (Compiling, Judging): what a released or expired lease puts back to Pending. */
const STARTED = [JudgeStatus.COMPILING, JudgeStatus.JUDGING];

/** A queued job to insert (one of submitId or testKey). */
export interface NewJob {
  /** `compile`: a compile check (compile_checks row keyed by testKey), taken by the `test` lane. */
  kind: 'judge' | 'test' | 'compile';
  submitId?: number;
  testKey?: string;
  submissionVersion?: number;
  language: string;
  /** Contest id (0 outside contests): decides the priority. */
  cid?: number;
  /** A remote problem's OJ: the job is leased only by remote-capable judgehosts (remote-judge/lease.ts). */
  remoteOj?: string | null;
}

/** A leased job row as the lease query returns it. */
export interface LeasedJob {
  id: number;
  kind: 'judge' | 'test' | 'compile';
  submitId: number | null;
  testKey: string | null;
  submissionVersion: number;
  attempts: number;
}

type Waiter = () => void;
const waiters = new WeakMap<AppContext, Set<Waiter>>();

/** Wakes every long-polling lease of this process (call after the inserting transaction committed). */
export function notifyQueued(ctx: AppContext): void {
  const set = waiters.get(ctx);
  if (!set) return;
  for (const w of [...set]) w();
}

/**
 * Resolves after `ms` or as soon as a job is queued in this process or `signal` aborts, whichever comes first.
 * Other server instances' inserts are noticed by the caller's polling.
 */
export function waitForJob(ctx: AppContext, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let set = waiters.get(ctx);
    if (!set) {
      set = new Set();
      waiters.set(ctx, set);
    }
    const done = () => {
      clearTimeout(timer);
      set?.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    set.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A job's queue priority: PRIORITY.TEST for test runs and compile checks, CONTEST for contest submissions, else NORMAL. */
export function jobPriority(job: Pick<NewJob, 'kind' | 'cid'>): number {
  return job.kind !== 'judge' ? PRIORITY.TEST : (job.cid ?? 0) !== 0 ? PRIORITY.CONTEST : PRIORITY.NORMAL;
}

/** Inserts a queued job (inside the caller's transaction). The caller calls notifyQueued after commit. */
export async function enqueue(tx: Tx | Db, job: NewJob): Promise<number> {
  const priority = jobPriority(job);
  const [row] = await tx
    .insert(judgeJobs)
    .values({
      kind: job.kind,
      submitId: job.submitId ?? null,
      testKey: job.testKey ?? null,
      submissionVersion: job.submissionVersion ?? 0,
      language: job.language,
      remoteOj: job.remoteOj ?? null,
      priority,
    })
    .returning({ id: judgeJobs.id });
  return row.id;
}

/** True while fewer than floor(live enabled workers / 2) test runs and compile checks are leased. */
const testBoostSql = sql`((SELECT count(*) FROM judge_jobs WHERE state = 'leased' AND kind <> 'judge')
  < (SELECT coalesce(sum(workers), 0) / 2 FROM judgehosts WHERE enabled
      AND last_heartbeat > now() - make_interval(secs => ${JUDGEHOST_LIVE_SECONDS})))`;

/**
 * The order in which the lease takes queued `judge_jobs` rows (first = next): the effective priority descending, then
 * id. Shared by leaseOne and the queue positions (queue-position.ts), so a position is the lease's real order.
 */
export const leaseOrderSql = sql`CASE WHEN kind = 'judge' OR ${testBoostSql} THEN priority ELSE ${PRIORITY.NORMAL} END DESC, id ASC`;

/**
 * The NOTIFY channel that says "the judge queue moved" (a job leased, given back, requeued by the sweeper, or a
 * submission queued, rejudged, cancelled; queue-position.ts): empty payload, every server instance recomputes its
 * queue positions once (issue 29 part 2).
 */
export const QUEUE_CHANNEL = 'oj_queue';
/** `pg_notify` of QUEUE_CHANNEL as a statement (inside a transaction: delivered at commit). */
export const notifyQueueMovedSql = sql`SELECT pg_notify(${QUEUE_CHANNEL}, '')`;

/**
 * Atomically takes the best queued job for a judgehost: highest priority, then oldest, among the given lanes and
 * languages; marks it leased to `judgehostId` for LEASE_SECONDS and, in the same statement, its submission started
 * (judge_start, judger = `judgerName`, status 6 Compiling while unfinished and of the job's version) or its test run
 * Compiling. Test runs and compile checks keep PRIORITY.TEST only while fewer than floor(live workers / 2) of them
 * are leased, else they rank as PRIORITY.NORMAL, so test runs never hold back submissions on more than half the
 * workers (issue 8 finding 4). Safe across server instances (SKIP LOCKED). A lease notifies QUEUE_CHANNEL in the
 * same statement (the queue positions move). Returns null when nothing fits.
 */
export async function leaseOne(
  db: Db,
  judgehostId: string,
  judgerName: string,
  lanes: ('judge' | 'test')[],
  languageNames: string[],
): Promise<LeasedJob | null> {
  if (!lanes.length || !languageNames.length) return null;
  // The test lane also takes compile checks (an admin waits at the problem form).
  const kinds = lanes.flatMap((l) => (l === 'test' ? ['test', 'compile'] : [l]));
  const laneList = sql.join(
    kinds.map((l) => sql`${l}`),
    sql`, `,
  );
  const langList = sql.join(
    languageNames.map((l) => sql`${l}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    WITH job AS (
      UPDATE judge_jobs SET state = 'leased', judgehost_id = ${judgehostId},
        lease_expires = now() + make_interval(secs => ${queueSettings.leaseSeconds}), gmt_modified = now(),
        progress_judged = NULL, progress_total = NULL
      WHERE id = (
        SELECT id FROM judge_jobs
        WHERE state = 'queued' AND kind IN (${laneList}) AND language IN (${langList}) AND remote_oj IS NULL
        ORDER BY ${leaseOrderSql}
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id, kind, submit_id, test_key, submission_version, attempts),
    sub AS (
      UPDATE submissions s SET judge_start = now(), judger = ${judgerName},
        status = CASE WHEN s.version = job.submission_version AND s.status IN ${JUDGING_STATUS_CODES}
          THEN ${JudgeStatus.COMPILING}::int ELSE s.status END
      FROM job WHERE job.kind = 'judge' AND s.id = job.submit_id
      RETURNING 1),
    tst AS (
      UPDATE test_judges t SET status = ${JudgeStatus.COMPILING}::int FROM job
      WHERE job.kind = 'test' AND t.key = job.test_key AND t.status IN ${JUDGING_STATUS_CODES}
      RETURNING 1)
    SELECT id, kind, submit_id AS "submitId", test_key AS "testKey", submission_version AS "submissionVersion",
      attempts, pg_notify(${QUEUE_CHANNEL}, '') AS "queueMoved" FROM job`);
  const row = rowsOf<LeasedJob & { queueMoved?: unknown }>(res)[0];
  if (!row) return null;
  const { queueMoved: _, ...job } = row;
  return { ...job, id: Number(job.id), submitId: job.submitId == null ? null : Number(job.submitId) };
}

/**
 * Gives jobs leased to `judgehostId` back to the queue unjudged (the judgehost was stopping when it got them): no
 * attempt is counted, and a submission marked Compiling / Judging by that lease is Pending again (a test run too).
 * Returns how many jobs were queued again; other judgehosts' jobs and finished jobs are left alone.
 */
export async function releaseJobs(db: Db, judgehostId: string, jobIds: number[]): Promise<number> {
  if (!jobIds.length) return 0;
  return db.transaction(async (tx) => {
    const released = rowsOf<{
      kind: string;
      submitId: number | null;
      testKey: string | null;
      version: number;
    }>(
      await tx.execute(sql`
        UPDATE judge_jobs SET state = 'queued', judgehost_id = NULL, lease_expires = NULL, gmt_modified = now()
        WHERE state = 'leased' AND judgehost_id = ${judgehostId} AND id IN (${sql.join(
          jobIds.map((i) => sql`${i}`),
          sql`, `,
        )})
        RETURNING kind, submit_id AS "submitId", test_key AS "testKey", submission_version AS version`),
    );
    for (const j of released) {
      if (j.kind === 'judge' && j.submitId != null) {
        await tx.execute(sql`UPDATE submissions SET status = ${PENDING}, gmt_modified = now()
          WHERE id = ${j.submitId} AND version = ${j.version} AND status IN ${STARTED}`);
      } else if (j.kind === 'test' && j.testKey) {
        await tx.execute(
          sql`UPDATE test_judges SET status = ${PENDING} WHERE key = ${j.testKey} AND status IN ${STARTED}`,
        );
      }
    }
    if (released.length) {
      await releaseIdleAccounts(tx);
      await tx.execute(notifyQueueMovedSql);
    }
    return released.length;
  });
}

/** Extends the leases of `jobIds` held by `judgehostId`; returns how many were extended. */
export async function extendLeases(db: Db, judgehostId: string, jobIds: number[]): Promise<number> {
  if (!jobIds.length) return 0;
  const res = await db.execute(sql`
    UPDATE judge_jobs SET lease_expires = now() + make_interval(secs => ${queueSettings.leaseSeconds})
    WHERE state = 'leased' AND judgehost_id = ${judgehostId}
      AND id IN (${sql.join(
        jobIds.map((i) => sql`${i}`),
        sql`, `,
      )})
    RETURNING id`);
  return rowsOf(res).length;
}

/**
 * Returns expired leases to the queue (attempts + 1, submission back to Pending); a job whose attempts reach
 * queueSettings.maxAttempts is given up: the submission (or test run) becomes System Error with a message. Safe to run in
 * every server instance at once (rows are locked with SKIP LOCKED). Returns { requeued, failed }.
 */
export async function sweepExpiredLeases(db: Db): Promise<{ requeued: number; failed: number }> {
  return db.transaction(async (tx) => {
    const expired = rowsOf<{
      id: number;
      kind: string;
      submitId: number | null;
      testKey: string | null;
      version: number;
      attempts: number;
      judgehostId: string | null;
    }>(
      await tx.execute(sql`
        SELECT id, kind, submit_id AS "submitId", test_key AS "testKey", submission_version AS version,
          attempts, judgehost_id AS "judgehostId"
        FROM judge_jobs WHERE state = 'leased' AND lease_expires < now()
        ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 100`),
    );
    let requeued = 0;
    let failed = 0;
    for (const j of expired) {
      const attempts = j.attempts + 1;
      const why = `lease expired on judgehost ${j.judgehostId ?? '?'} (attempt ${attempts} of ${queueSettings.maxAttempts})`;
      if (attempts >= queueSettings.maxAttempts) {
        failed++;
        await tx.execute(sql`UPDATE judge_jobs SET state = 'done', attempts = ${attempts}, last_error = ${why},
          lease_expires = NULL, gmt_modified = now() WHERE id = ${j.id}`);
        const msg = `System Error: judging failed ${attempts} times (the judgehost stopped answering)`;
        if (j.kind === 'judge' && j.submitId != null) {
          await tx.execute(sql`UPDATE submissions SET status = ${SYSTEM_ERROR}, error_message = ${msg},
            judge_end = now(), gmt_modified = now()
            WHERE id = ${j.submitId} AND version = ${j.version} AND status IN ${JUDGING_STATUS_CODES}`);
        } else if (j.kind === 'compile' && j.testKey) {
          await tx.execute(sql`UPDATE compile_checks SET status = 'error', message = ${msg}
            WHERE key = ${j.testKey} AND status = 'queued'`);
        } else if (j.testKey) {
          await tx.execute(sql`UPDATE test_judges SET status = ${SYSTEM_ERROR}, error_message = ${msg}, stderr = ${msg}
            WHERE key = ${j.testKey} AND status IN ${JUDGING_STATUS_CODES}`);
        }
      } else {
        requeued++;
        await tx.execute(sql`UPDATE judge_jobs SET state = 'queued', attempts = ${attempts}, last_error = ${why},
          judgehost_id = NULL, lease_expires = NULL, gmt_modified = now() WHERE id = ${j.id}`);
        if (j.kind === 'judge' && j.submitId != null) {
          await tx.execute(sql`UPDATE submissions SET status = ${PENDING}, gmt_modified = now()
            WHERE id = ${j.submitId} AND version = ${j.version} AND status IN ${STARTED}`);
        }
      }
    }
    if (requeued || failed) await tx.execute(notifyQueueMovedSql);
    // Remote-judge pool accounts of jobs no longer leased (lapsed above, rejudged, cancelled) are free again.
    await releaseIdleAccounts(tx);
    return { requeued, failed };
  });
}

/** Counts of queued and leased jobs (admin status page). */
export async function queueCounts(db: Db): Promise<{ queued: number; leased: number }> {
  const rows = rowsOf<{ state: string; n: number }>(
    await db.execute(
      sql`SELECT state, count(*)::int AS n FROM judge_jobs WHERE state <> 'done' GROUP BY state`,
    ),
  );
  const get = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  return { queued: get('queued'), leased: get('leased') };
}
