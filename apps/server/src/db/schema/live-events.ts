import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live-event log (issue 10 §4; docs/events.md): every event the `GET /api/events` stream may deliver, written in
 * the transaction that made the change (or just after it), numbered by the identity `id` (the stream's
 * `Last-Event-ID`). Server instances learn of new rows by PostgreSQL `NOTIFY` (PGlite: its in-process `NOTIFY`) and
 * read them by id; a reconnecting browser replays the rows after its last id. Kept short: rows older than a few
 * minutes (or beyond a count) are pruned, and a browser that resumes from a pruned id is told to refetch. No
 * foreign keys: a row outlives nothing it names, and deleting users or contests must not wait on it.
 */
export const liveEvents = pgTable('live_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The stream's event name: verdict, board, contest-announcement, clarification, … */
  type: text('type').notNull(),
  /** Who receives it: `user` (the row's uid), `contest` (who may see the contest), `contest-admins` (them and uid). */
  audience: text('audience').notNull(),
  /** The user of a `user` or `contest-admins` row; null otherwise. */
  uid: text('uid'),
  /** The contest the row concerns; 0 for none. */
  cid: bigint('cid', { mode: 'number' }).notNull().default(0),
  /** The event's data as sent (ids and small values only, never content a viewer could not fetch). */
  data: jsonb('data').notNull(),
});
