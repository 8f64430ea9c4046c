import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { problems } from './problems.js';
import { users } from './users.js';

/** Submissions (doc 2 §3 "Submission"). time ms, memory KB, length bytes. cid 0 outside contests. */
export const submissions = pgTable(
  'submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayPid: text('display_pid').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    cid: bigint('cid', { mode: 'number' }).notNull().default(0),
    cpid: bigint('cpid', { mode: 'number' }),
    gid: bigint('gid', { mode: 'number' }),
    tid: bigint('tid', { mode: 'number' }),
    code: text('code').notNull(),
    language: text('language').notNull(),
    length: integer('length').notNull(),
    status: integer('status').notNull().default(5),
    score: integer('score'),
    oiRankScore: integer('oi_rank_score'),
    time: integer('time'),
    memory: integer('memory'),
    errorMessage: text('error_message'),
    judger: text('judger'),
    ip: text('ip').notNull().default(''),
    share: boolean('share').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    isRemote: boolean('is_remote').notNull().default(false),
    /** Remote judging (issue 27): the site's run id and the pool account that submitted it (null until known). */
    remoteRunId: text('remote_run_id'),
    remoteAccountId: bigint('remote_account_id', { mode: 'number' }),
    /** Bumped on every rejudge; a result for an older version is refused. */
    version: integer('version').notNull().default(0),
    /** The verdict currently counted in the problem's counters (null: not counted); undone on rejudge. */
    countedStatus: integer('counted_status'),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull().defaultNow(),
    judgeStart: timestamp('judge_start', { withTimezone: true }),
    judgeEnd: timestamp('judge_end', { withTimezone: true }),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_uid_idx').on(t.uid, t.id),
    index('submissions_username_idx').on(t.username, t.id),
    index('submissions_pid_idx').on(t.pid, t.id),
    index('submissions_cid_idx').on(t.cid, t.id),
    /**
     * A scoreboard cell's submissions in time order (modules/contest/board/cells.ts), with every column the cell
     * query reads: a full rebuild is one index-only scan in (uid, pid, time) order, no sort and no hash.
     */
    index('submissions_contest_cell_idx')
      .on(t.cid, t.uid, t.pid, t.submitTime, t.id, t.status, t.score, t.time)
      .where(sql`${t.cid} > 0`),
    index('submissions_status_idx').on(t.status, t.id),
    index('submissions_gid_idx').on(t.gid, t.id),
    index('submissions_time_idx').on(t.submitTime),
  ],
);

/** Per-case results (doc 2 §3 "Test-case result"). Previews are truncated. */
export const judgeCases = pgTable(
  'judge_cases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    submitId: bigint('submit_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    caseIndex: integer('case_index').notNull(),
    status: integer('status').notNull(),
    time: integer('time'),
    memory: integer('memory'),
    score: integer('score'),
    groupNum: integer('group_num'),
    inputData: text('input_data'),
    outputData: text('output_data'),
    userOutput: text('user_output'),
    message: text('message'),
    /** Borderline TLE re-check: the CPU times (ms) of the first and second run when the case was run twice. */
    rerun: jsonb('rerun').$type<{ firstMs: number; secondMs: number }>(),
  },
  (t) => [index('judge_cases_submit_idx').on(t.submitId, t.caseIndex)],
);

/**
 * The judge queue. One row per job: a submission (or rejudge of one) or a test run. Judgehosts lease jobs; an
 * expired lease returns the job to the queue. `priority` higher first (contest jobs before others).
 */
export const judgeJobs = pgTable(
  'judge_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** judge | test */
    kind: text('kind').notNull(),
    submitId: bigint('submit_id', { mode: 'number' }),
    testKey: text('test_key'),
    /** Language of the code: a judgehost only leases jobs in languages it reported available. */
    language: text('language').notNull().default(''),
    /** A remote problem's job (issue 27): the OJ (HDU, CF, GYM...); leased only by remote-capable judgehosts. */
    remoteOj: text('remote_oj'),
    submissionVersion: integer('submission_version').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    /** queued | leased | done */
    state: text('state').notNull().default('queued'),
    judgehostId: text('judgehost_id'),
    leaseExpires: timestamp('lease_expires', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The holder's last progress report (POST /api/judge/progress): cases finished and cases of the task. */
    progressJudged: integer('progress_judged'),
    progressTotal: integer('progress_total'),
    /** Why the last lease ended without a result (expired, judgehost restarted…), for the admin status page. */
    lastError: text('last_error'),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('judge_jobs_queue_idx').on(t.kind, t.state, t.priority, t.id),
    index('judge_jobs_lease_idx').on(t.state, t.leaseExpires),
    index('judge_jobs_submit_idx').on(t.submitId),
  ],
);

/** Judgehosts that have registered; languages they can run, load, last heartbeat (doc 3 judge server status). */
export const judgehosts = pgTable('judgehosts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  hostname: text('hostname').notNull().default(''),
  version: text('version').notNull().default(''),
  cpuCount: integer('cpu_count').notNull().default(1),
  workers: integer('workers').notNull().default(1),
  running: integer('running').notNull().default(0),
  load: real('load').notNull().default(0),
  languages: jsonb('languages')
    .$type<{ name: string; version: string; available: boolean }[]>()
    .notNull()
    .default([]),
  enabled: boolean('enabled').notNull().default(true),
  /** Why this judgehost cannot judge (its sandbox failed its check; it leases nothing); null while it can. */
  problem: text('problem'),
  lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }).notNull().defaultNow(),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
});

/** Test runs (doc 2 §4.4): custom input, not stored as submissions. */
export const testJudges = pgTable(
  'test_judges',
  {
    key: text('key').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' }).references(() => problems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    userInput: text('user_input').notNull(),
    expectedOutput: text('expected_output'),
    status: integer('status').notNull().default(5),
    userOutput: text('user_output'),
    stderr: text('stderr'),
    errorMessage: text('error_message'),
    time: integer('time'),
    memory: integer('memory'),
    problemJudgeMode: text('problem_judge_mode').notNull().default('default'),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_judges_uid_idx').on(t.uid, t.gmtCreate)],
);
