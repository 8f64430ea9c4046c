import { LIVE_EVENT, type LiveVerdictData } from '@oj/shared';
import { onContestChanged, onContestVerdict } from '../contest/contest.events.js';
import {
  onSubmissionJudged,
  onSubmissionProgress,
  onSubmissionQueued,
  onSubmissionReset,
} from '../judge/hooks.js';
import { publishBoard, publishTransient, publishVerdict } from './publish.js';

// Where the live events come from (issue 10 §4; docs/events.md). Each runs inside the transaction that made the
// change (the row and its NOTIFY commit with it), after the scoreboard's own listeners (this module is imported
// after the board's), so a board event carries the version the change produced. Imported once by
// events.routes.ts; the seams are process-wide, the rows go to the database of the transaction.

/** A verdict (judge, manual, cancel) and a rejudge reset: `verdict` to the submission's owner. */
onSubmissionJudged.push((tx, e) => publishVerdict(tx, e.submitId));
onSubmissionReset.push((tx, e) => publishVerdict(tx, e.submitId));

/** A contest verdict or reset, a new contest submission (its pending try), a contest edit: `board`. */
onContestVerdict((tx, e) => publishBoard(tx, e.cid));
onSubmissionQueued.push(async (tx, e) => {
  if (e.cid > 0) await publishBoard(tx, e.cid);
});
onContestChanged(async (tx, e) => {
  // A deleted contest has no board to fetch: its viewers learn it from their next request.
  if (e.what !== 'deleted') await publishBoard(tx, e.cid);
});

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
