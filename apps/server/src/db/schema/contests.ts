import type { AwardConfigItem } from '@oj/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { problems } from './problems.js';
import { users } from './users.js';

/**
 * Contests (doc 2 §3 "Contest", doc 3 §3 "Group contest"). Times are UTC instants; the status (scheduled / running
 * / ended) and the duration are never stored: they come from `startTime`, `endTime` and the server clock
 * (modules/contest/contest.clock.ts). Per-board data (the scoreboard's cells) lives in its own tables that point
 * here by `cid`.
 */
export const contests = pgTable(
  'contests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 0 ACM, 1 OI (ContestType); fixed once created. */
    type: integer('type').notNull().default(0),
    /** 0 public, 1 private, 2 protected (ContestAuth). */
    auth: integer('auth').notNull().default(0),
    /** Plain-text contest password (HOJ shows it to contest admins on edit); null for public contests. */
    pwd: text('pwd'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    sealRank: boolean('seal_rank').notNull().default(false),
    /** From this instant until the end (and after it unless `autoRealRank`), participants see a sealed board. */
    sealRankTime: timestamp('seal_rank_time', { withTimezone: true }),
    /** true: the board unseals by itself at the end; false: it stays sealed until an admin turns this on. */
    autoRealRank: boolean('auto_real_rank').notNull().default(true),
    openRank: boolean('open_rank').notNull().default(false),
    openPrint: boolean('open_print').notNull().default(false),
    allowEndSubmit: boolean('allow_end_submit').notNull().default(false),
    /** username | nickname | realname (RankShowName). */
    rankShowName: text('rank_show_name').notNull().default('username'),
    openAccountLimit: boolean('open_account_limit').notNull().default(false),
    /** HOJ's packed text: `<prefix>…</prefix><suffix>…</suffix><start>…</start><end>…</end><extra>…</extra>`. */
    accountLimitRule: text('account_limit_rule'),
    /** Usernames ranked -1 (star users), without awards. */
    starAccount: jsonb('star_account').$type<string[]>().notNull().default([]),
    /** 'Recent' | 'Highest' (OiRankScoreType). */
    oiRankScoreType: text('oi_rank_score_type').notNull().default('Recent'),
    /** 0 none, 1 by proportion (percent), 2 by number (AwardType). */
    awardType: integer('award_type').notNull().default(0),
    awardConfig: jsonb('award_config').$type<AwardConfigItem[]>().notNull().default([]),
    visible: boolean('visible').notNull().default(true),
    /** The creator (a contest admin); null once that account is deleted (`author` keeps the name). */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    author: text('author').notNull().default(''),
    /** The group of a group contest (groups come later); null for site contests. */
    gid: bigint('gid', { mode: 'number' }),
    isGroup: boolean('is_group').notNull().default(false),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contests_list_idx').on(t.visible, t.startTime),
    index('contests_end_idx').on(t.endTime),
    index('contests_uid_idx').on(t.uid),
    index('contests_gid_idx').on(t.gid),
  ],
);

/**
 * The problems of a contest (doc 2 §3 "Contest problem"): shown by `displayId` (A, B, …) with an optional
 * `displayTitle` and balloon `color`. One problem appears at most once in a contest.
 */
export const contestProblems = pgTable(
  'contest_problems',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    displayTitle: text('display_title').notNull().default(''),
    color: text('color'),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contest_problems_display_uq').on(t.cid, sql`upper(${t.displayId})`),
    uniqueIndex('contest_problems_pid_uq').on(t.cid, t.pid),
    index('contest_problems_pid_idx').on(t.pid),
  ],
);

/**
 * Registrations (access granted by the contest password, doc 2 §4.2): one row per user and contest. `status` 0
 * valid (HOJ's column; kept for a later "disabled" state). Dropped when a non-public contest's password changes.
 */
export const contestRegisters = pgTable(
  'contest_registers',
  {
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] }), index('contest_registers_uid_idx').on(t.uid)],
);
