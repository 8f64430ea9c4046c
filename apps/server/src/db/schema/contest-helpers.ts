import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contests } from './contests.js';
import { users } from './users.js';

/**
 * Contest announcements (doc 2 §3 "Contest announcement", doc 3 contest announcement admin; issue 10 §1): written
 * by the contest's admins, shown on the Announcements tab and polled as unread notifications.
 */
export const contestAnnouncements = pgTable(
  'contest_announcements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** The author; null once that account is deleted (`username` keeps the name). */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    username: text('username').notNull().default(''),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contest_announcements_cid_idx').on(t.cid, t.id)],
);

/**
 * First accepted submission per participant and problem of a contest (doc 2 §3 "AC info"; the balloon list).
 * Kept by the contest verdict hook (contest.ac-info.ts), so the list never scans submissions. First blood is the
 * earliest row per problem, worked out when read (a rejudge may move it). `checked`: the balloon was delivered.
 */
export const contestAcRecords = pgTable(
  'contest_ac_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    submitId: bigint('submit_id', { mode: 'number' }).notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull(),
    checked: boolean('checked').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contest_ac_records_uq').on(t.cid, t.uid, t.pid),
    index('contest_ac_records_list_idx').on(t.cid, t.checked, t.submitTime),
  ],
);

/**
 * Print jobs of contests with `openPrint` (doc 2 §3 "Contest print"): status 0 not printed, 1 printed. Only the
 * contest's admins list and download them.
 */
export const contestPrints = pgTable(
  'contest_prints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: integer('status').notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contest_prints_cid_idx').on(t.cid, t.status, t.id),
    index('contest_prints_uid_idx').on(t.cid, t.uid, t.gmtCreate),
  ],
);
