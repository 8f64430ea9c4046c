import { LIVE_EVENT, type LiveVerdictData } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { contests, submissions } from '../../db/schema/index.js';
import { isSealed } from '../contest/contest.clock.js';
import { onContestChanged, onContestVerdict } from '../contest/contest.events.js';
import { hiddenFromPublic } from '../contest/contest.public-verdicts.js';
import {
  onSubmissionJudged,
  onSubmissionProgress,
  onSubmissionQueued,
  onSubmissionReset,
} from '../judge/hooks.js';
import type { Tx } from '../problem/problem.store.js';
import { type BoardEventKind, publishBoard, publishTransient, publishVerdict } from './publish.js';

// Where the live events come from (issue 10 §4; docs/events.md). Each runs inside the transaction that made the
// change (the row and its NOTIFY commit with it), after the scoreboard's own listeners (this module is imported
// after the board's), so a board event carries the version the change produced. Imported once by
// events.routes.ts; the seams are process-wide, the rows go to the database of the transaction.

/**
 * A verdict (judge, manual, cancel) and a rejudge reset: `verdict` to the submission's owner. A verdict the public
 * may not see (a sealed contest's, issue 23 §2a) goes transient: its owner gets it when the contest shows it to them
 * (audience.ts), and no numbered row moves the id in everyone else's stream the moment the hidden judging ended.
 */
onSubmissionJudged.push(async (tx, e) => publishVerdict(tx, e.submitId, await hiddenNow(tx, e)));
onSubmissionReset.push(async (tx, e) => publishVerdict(tx, e.submitId, await hiddenNow(tx, e)));

/**
 * A contest verdict or reset, a new contest submission (its pending try), a contest edit: `board`. A verdict the
 * public may not see changes nothing they may see, so only the contest's admins hear of it; while the board is
 * sealed the public events carry no version (it counts the hidden changes too).
 */
onContestVerdict(async (tx, e) => {
  if (await hiddenNow(tx, e)) await publishBoard(tx, e.cid, 'admins');
  else await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
});
onSubmissionQueued.push(async (tx, e) => {
  if (e.cid > 0) await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
});
onContestChanged(async (tx, e) => {
  // A deleted contest has no board to fetch: its viewers learn it from their next request.
  if (e.what !== 'deleted') await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
});

/** True when submission `e` is a contest's whose verdict the public may not see now (hiddenFromPublic). */
async function hiddenNow(tx: Tx, e: { submitId: number; cid: number }): Promise<boolean> {
  if (e.cid <= 0) return false;
  const [r] = await tx
    .select({ c: contests, uid: submissions.uid, submitTime: submissions.submitTime })
    .from(submissions)
    .innerJoin(contests, eq(contests.id, submissions.cid))
    .where(eq(submissions.id, e.submitId));
  return r ? hiddenFromPublic(r.c, r) : false;
}

/** `sealed` while contest `cid`'s board is sealed (isSealed), else `public`. */
async function boardKind(tx: Tx, cid: number): Promise<BoardEventKind> {
  const [c] = await tx.select().from(contests).where(eq(contests.id, cid));
  return c && isSealed(c, new Date()) ? 'sealed' : 'public';
}

/** Compiling / Judging (k of n): a transient `verdict` to the owner (not replayed; the verdict itself is). */
onSubmissionProgress.push((db, e) => {
  const data: LiveVerdictData = {
    submitId: e.submitId,
    cid: e.cid,
    status: e.status,
    score: null,
    time: null,
    memory: null,
    judged: e.judged,
    total: e.total,
  };
  return publishTransient(db, {
    type: LIVE_EVENT.verdict,
    audience: 'user',
    uid: e.uid,
    cid: e.cid,
    data: { ...data },
  });
});
