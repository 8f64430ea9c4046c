import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contestAnnouncements } from './contest-helpers.js';
import { contests } from './contests.js';
import { users } from './users.js';

/**
 * Contest clarifications (issue 10 §3; none in HOJ): a participant's question about one contest problem or the
 * whole contest, and a contest admin's answer, private (the asker only) or public (everyone who sees the contest).
 * A row without a question is a clarification a contest admin posted unprompted (always public). Deleting the
 * contest deletes its clarifications (cascade), and with them their read marks.
 */
export const contestClarifications = pgTable(
  'contest_clarifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cid: bigint('cid', { mode: 'number' })
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    /** The problem (`problem.id`) it is about; null: the whole contest (general). */
    pid: bigint('pid', { mode: 'number' }),
    /** The problem's display id in the contest when asked (kept if the problem leaves the contest); null: general. */
    displayId: text('display_id'),
    /** The asker; null for an admin's unprompted post, or once the asker's account is deleted. */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** The asker's username when asked ('' for a post). */
    username: text('username').notNull().default(''),
    /** The question (1..1000 characters); null for an admin's unprompted post. */
    question: text('question'),
    /** The answer; null while unanswered. */
    answer: text('answer'),
    /** True: every viewer of the contest sees question and answer (never the asker's name). */
    public: boolean('public').notNull().default(false),
    answerUid: text('answer_uid').references(() => users.uid, { onDelete: 'set null' }),
    answerUsername: text('answer_username').notNull().default(''),
    /** The contest announcement made from the answer, if any. */
    announcementId: bigint('announcement_id', { mode: 'number' }).references(() => contestAnnouncements.id, {
      onDelete: 'set null',
    }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
    gmtAnswered: timestamp('gmt_answered', { withTimezone: true }),
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contest_clarifications_cid_idx').on(t.cid, t.id),
    index('contest_clarifications_asker_idx').on(t.cid, t.uid, t.gmtCreate),
  ],
);

/**
 * Which answered clarifications a user has read (issue 10 §3): the unread badge and notifications follow the user
 * across browsers and devices. Editing an answer drops its marks, so the edit shows as unread again.
 */
export const contestClarificationReads = pgTable(
  'contest_clarification_reads',
  {
    clarificationId: bigint('clarification_id', { mode: 'number' })
      .notNull()
      .references(() => contestClarifications.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtRead: timestamp('gmt_read', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clarificationId, t.uid] }),
    index('contest_clarification_reads_uid_idx').on(t.uid),
  ],
);
