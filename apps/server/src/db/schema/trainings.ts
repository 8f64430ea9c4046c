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

/** Training categories (doc 2 §2.13, doc 3 §3): a name and a tag colour. */
export const trainingCategories = pgTable('training_categories', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#409EFF'),
  /** The group of a group category (groups come later); null for site categories. */
  gid: bigint('gid', { mode: 'number' }),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Trainings (doc 2 §3 "Training", doc 3 §3): a coach's ordered problem set. `auth` 'Public' | 'Private'
 * (TrainingAuth); a private one needs `privatePwd` once (training_registers). `status` is HOJ's visible switch.
 */
export const trainings = pgTable(
  'trainings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The order number shown as "number" (0 … 2147483647, default 1000); lists sort by it ascending. */
    rank: integer('rank').notNull().default(1000),
    auth: text('auth').notNull().default('Public'),
    /** Plain text, as HOJ keeps it for the training's admins; null for public trainings. */
    privatePwd: text('private_pwd'),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => trainingCategories.id, {
      onDelete: 'set null',
    }),
    status: boolean('status').notNull().default(true),
    /** The author (edits it with super admins); null once that account is deleted (`author` keeps the name). */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    author: text('author').notNull().default(''),
    gid: bigint('gid', { mode: 'number' }),
    isGroup: boolean('is_group').notNull().default(false),
    /**
     * The rank version: moves whenever what the rank shows changes (records, problems, registrations, settings),
     * so cached rank pages of every server process know they are stale (modules/training/training.rank.ts).
     * Bumped by training.progress.ts and by triggers on training_problems, training_registers and deleted records.
     */
    rankVersion: bigint('rank_version', { mode: 'number' }).notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trainings_list_idx').on(t.status, t.rank, t.id),
    index('trainings_category_idx').on(t.categoryId),
    index('trainings_uid_idx').on(t.uid),
  ],
);

/** The problems of a training, shown by `displayId` (unique in the training, case-insensitive), ordered by `rank`. */
export const trainingProblems = pgTable(
  'training_problems',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tid: bigint('tid', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' })
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    rank: integer('rank').notNull().default(0),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_problems_display_uq').on(t.tid, sql`upper(${t.displayId})`),
    uniqueIndex('training_problems_pid_uq').on(t.tid, t.pid),
    index('training_problems_pid_idx').on(t.pid),
  ],
);

/** Registrations of a private training (the password given once): kept across password changes unless dropped. */
export const trainingRegisters = pgTable(
  'training_registers',
  {
    tid: bigint('tid', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid] }), index('training_registers_uid_idx').on(t.uid)],
);

/** One problem's cell of a training record: the best status (Accepted if ever, else the latest) and its run time (ms). */
export interface TrainingCell {
  status: number;
  time: number | null;
}

/**
 * A user's progress in a training (doc 2 §3 "Training rank record"), kept up to date by the verdict, rejudge and
 * problem-list seams (modules/training/training.progress.ts), never recomputed per request. `ac` problems of the
 * training ever solved (practice submissions, training or not), `totalTime` the sum of their fastest accepted run
 * times (ms), `info` the cell per problem id.
 */
export const trainingRecords = pgTable(
  'training_records',
  {
    tid: bigint('tid', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ac: integer('ac').notNull().default(0),
    totalTime: bigint('total_time', { mode: 'number' }).notNull().default(0),
    info: jsonb('info').$type<Record<string, TrainingCell>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tid, t.uid] }),
    index('training_records_rank_idx').on(t.tid, sql`${t.ac} DESC`, t.totalTime, t.uid),
    index('training_records_uid_idx').on(t.uid),
  ],
);
