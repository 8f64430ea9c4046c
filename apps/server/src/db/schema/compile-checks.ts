import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Compile checks of special-judge / interactor code from the admin problem form (doc 3 §4, §7). The request is
 * queued as a judge_jobs row of kind 'compile' (test lane, job.testKey = key); a judgehost compiles it and the
 * result lands here. status: queued | ok | error; message: the compiler output (error) or ''.
 */
export const compileChecks = pgTable(
  'compile_checks',
  {
    key: text('key').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** spj | interactive */
    mode: text('mode').notNull().default('spj'),
    language: text('language').notNull(),
    code: text('code').notNull(),
    /** Files written beside the source (name -> content), e.g. testlib.h. */
    extraFiles: jsonb('extra_files').$type<Record<string, string>>(),
    status: text('status').notNull().default('queued'),
    message: text('message').notNull().default(''),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compile_checks_uid_idx').on(t.uid, t.gmtCreate)],
);
