import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The remote-judge account pool (issue 27, docs/remote-judges.md): one row per account on a remote site (`oj`: HDU,
 * CF, POJ, AC, SPOJ; GYM uses CF's). `passwordEnc` is the password sealed with AES-256-GCM (lib/secret-box.ts),
 * never returned by an API. While a judgehost uses the account, `busyJobId` / `busySubmitId` name the
 * job and submission and `claimedAt` when it was taken (one submission per account at a time).
 */
export const remoteJudgeAccounts = pgTable(
  'remote_judge_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    oj: text('oj').notNull(),
    username: text('username').notNull(),
    passwordEnc: text('password_enc').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    busyJobId: bigint('busy_job_id', { mode: 'number' }),
    busySubmitId: bigint('busy_submit_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_judge_accounts_oj_user_uq').on(t.oj, t.username),
    index('remote_judge_accounts_free_idx').on(t.oj, t.enabled, t.busyJobId),
  ],
);
