import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Per-user practice totals behind the ACM and OI rankings (doc 2 §2.11): recomputed for one user whenever one of
 * their non-contest submissions gets a verdict. `ac` distinct accepted problems, `total` judged submissions,
 * `score` sum over problems of the best OI rank score.
 */
export const userRecords = pgTable(
  'user_records',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ac: integer('ac').notNull().default(0),
    total: integer('total').notNull().default(0),
    score: integer('score').notNull().default(0),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_records_acm_idx').on(sql`${t.ac} DESC`, t.total, t.uid),
    index('user_records_oi_idx').on(sql`${t.score} DESC`, t.uid),
  ],
);
