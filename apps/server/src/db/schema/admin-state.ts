import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Progress of long admin work (issue 28; modules/progress/progress.ts, docs/operations.md "Progress of long work"):
 * one row per job, keyed by the user who started it and the id the page chose, so the poll
 * GET /api/admin/progress?id= answers on whichever server process or instance it reaches. The process running the
 * job writes `done` / `total` at most every 250 ms and touches `updatedAt` every minute while it runs; a `running`
 * row whose `updatedAt` is 10 minutes old belongs to a process that died and reads as failed. Rows an hour past
 * their last update are deleted when a job starts. No foreign key: deleting a user must not wait on it.
 */
export const adminProgress = pgTable(
  'admin_progress',
  {
    uid: text('uid').notNull(),
    id: text('id').notNull(),
    /** `import` or `rejudge`. */
    kind: text('kind').notNull(),
    done: integer('done').notNull().default(0),
    /** Null until known (the package is still being read). */
    total: integer('total'),
    /** `running`, `done` or `failed`. */
    state: text('state').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rejudge: the submissions queued again (the poll counts their verdicts as `judged`); null otherwise. */
    submissionIds: jsonb('submission_ids').$type<number[]>(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.id] }), index('admin_progress_updated_idx').on(t.updatedAt)],
);

/**
 * Accounts made by the admin's "generate users" (doc 3 §5; modules/admin-user/generated.ts), kept 30 minutes for
 * the download GET /api/file/generate-user-excel?key= on any server process or instance. `accounts` holds
 * `[{ username, passwordEnc }]`, each password sealed with AES-256-GCM (lib/secret-box.ts), never in the clear.
 * Expired rows are deleted when a batch is kept.
 */
export const generatedAccounts = pgTable(
  'generated_accounts',
  {
    key: uuid('key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    accounts: jsonb('accounts').notNull().$type<{ username: string; passwordEnc: string }[]>(),
  },
  (t) => [index('generated_accounts_created_idx').on(t.createdAt)],
);
