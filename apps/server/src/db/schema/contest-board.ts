import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contests } from './contests.js';

/**
 * Scoreboard cells (issue 9 §3 "Board speed"): one row per contest, participant and problem, recomputed from that
 * participant's submissions to that problem whenever one of them changes (modules/contest/board/cells.ts), so a
 * board page never reads the submissions. Three views: `r` real (submitted before the end), `e` with after-contest
 * submissions, `s` sealed (submitted before the seal's start). `sealedTries*` count the tries a sealed board hides (columns
 * `frozen`, `frozen_end`: names from before the code said seal, kept to spare a migration).
 * No foreign keys on purpose: a full rebuild writes 150,000 rows for a 10,000-participant contest and per-row key
 * checks would double its time. Rows of deleted users are skipped by the board (it joins users); a deleted
 * contest's rows go with its `contest_boards` row (a trigger of migration 0003).
 */
export const contestCells = pgTable(
  'contest_cells',
  {
    cid: bigint('cid', { mode: 'number' }).notNull(),
    uid: text('uid').notNull(),
    pid: bigint('pid', { mode: 'number' }).notNull(),
    /** Submissions before the end (a row shows on a board without after-contest submissions only if > 0). */
    rCount: integer('r_count').notNull().default(0),
    /** ACM: ms from the start to the first AC (any time after the start); null when unsolved. */
    acMs: bigint('ac_ms', { mode: 'number' }),
    /** ACM: counted wrong tries before the first AC, in each view. */
    rWrong: integer('r_wrong').notNull().default(0),
    eWrong: integer('e_wrong').notNull().default(0),
    sWrong: integer('s_wrong').notNull().default(0),
    /** Unfinished submissions (before the first AC in ACM), in each view. */
    rPending: integer('r_pending').notNull().default(0),
    ePending: integer('e_pending').notNull().default(0),
    sPending: integer('s_pending').notNull().default(0),
    /** OI: the rank score of the problem (Recent: latest verdict, Highest: best), in each view; null: none. */
    rScore: integer('r_score'),
    eScore: integer('e_score'),
    sScore: integer('s_score'),
    /** OI: the fastest AC run time (ms), in each view; null: no AC. */
    rTime: integer('r_time'),
    eTime: integer('e_time'),
    sTime: integer('s_time'),
    /** Submissions from `sealRankTime` to the end, and after the end: pending tries on a sealed board. */
    sealedTries: integer('frozen').notNull().default(0),
    sealedTriesAfterEnd: integer('frozen_end').notNull().default(0),
    /**
     * The board version at which this cell last changed (its `contest_boards.version`): a process holding the
     * ranked board of version v patches it with the cells of seq > v (modules/contest/board/patch.ts).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid, t.pid] }), index('contest_cells_seq_idx').on(t.cid, t.seq)],
);

/**
 * One row per contest board: `version` goes up in the transaction that changes a cell (board caches key on it);
 * the time bounds the cells were computed with (an edit of the contest's times makes the cells rebuild).
 */
export const contestBoards = pgTable('contest_boards', {
  cid: bigint('cid', { mode: 'number' })
    .primaryKey()
    .references(() => contests.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  startTime: timestamp('start_time', { withTimezone: true }),
  endTime: timestamp('end_time', { withTimezone: true }),
  sealRankTime: timestamp('seal_rank_time', { withTimezone: true }),
  oiRankScoreType: text('oi_rank_score_type'),
  type: integer('type'),
  rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }),
  /**
   * The last version at which the board changed as a whole (a rebuild of the cells, a settings or problem change):
   * a ranked board older than this is built again, not patched.
   */
  fullVersion: bigint('full_version', { mode: 'number' }).notNull().default(0),
});
