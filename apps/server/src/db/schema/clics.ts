import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { contests } from './contests.js';

/**
 * The CLICS contest state transitions as they happened (issue 23 §3; modules/clics/clics.state.ts): each instant
 * is written once, the first time the API sees the transition (a read, or the contest edit that caused it), and
 * never changed after, so a later edit (a new description, the seal switched off) cannot move or erase it.
 * Null: not seen yet. Deleted with its contest.
 */
export const clicsStates = pgTable('clics_states', {
  cid: bigint('cid', { mode: 'number' })
    .primaryKey()
    .references(() => contests.id, { onDelete: 'cascade' }),
  started: timestamp('started', { withTimezone: true }),
  frozen: timestamp('frozen', { withTimezone: true }),
  ended: timestamp('ended', { withTimezone: true }),
  thawed: timestamp('thawed', { withTimezone: true }),
  finalized: timestamp('finalized', { withTimezone: true }),
  endOfUpdates: timestamp('end_of_updates', { withTimezone: true }),
});
