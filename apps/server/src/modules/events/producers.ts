import { LIVE_EVENT, type LiveVerdictData } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { AppEvents } from '../../app-events.js';
import type { Db } from '../../db/client.js';
import { contests, submissions } from '../../db/schema/index.js';
import { sealOf } from '../contest/contest.clock.js';
import { hiddenFromPublic } from '../contest/contest.public-verdicts.js';
import type { SubmissionProgressEvent } from '../judge/hooks.js';
import type { Tx } from '../problem/problem.store.js';
import { type BoardEventKind, publishBoard, publishTransient, publishVerdict } from './publish.js';

/**
 * Registers where the live events come from (issue 10 §4; docs/events.md; the events plugin calls it once). Each
 * runs inside the transaction that made the change (the row and its NOTIFY commit with it), in the `publish` phase:
 * after the scoreboard's own listeners, so a board event carries the version the change produced.
 *
 * - A verdict (judge, manual, cancel) and a rejudge reset: `verdict` to the submission's owner. A verdict the public
 *   may not see (a sealed contest's, issue 23 §2a) goes transient: its owner gets it when the contest shows it to
 *   them (audience.ts), and no numbered row moves the id in everyone else's stream the moment the hidden judging
 *   ended.
 * - A contest verdict or reset, a new contest submission (its pending try), a contest edit: `board`. A verdict the
 *   public may not see changes nothing they may see, so only the contest's admins hear of it; while the board is
 *   sealed the public events carry no version (it counts the hidden changes too).
 * - Compiling / Judging (k of n): a transient `verdict` to the owner (not replayed; the verdict itself is).
 */
export function registerLiveProducers(events: AppEvents): void {
  const opts = { area: 'events', phase: 'publish' } as const;
  const verdict = async (tx: Tx, e: { submitId: number; cid: number }) =>
    publishVerdict(tx, e.submitId, await hiddenNow(tx, e));
  events.on('submission/judged', verdict, opts);
  events.on('submission/reset', verdict, opts);
  events.on(
    'contest/verdict',
    async (tx, e) => {
      if (await hiddenNow(tx, e)) await publishBoard(tx, e.cid, 'admins');
      else await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
    },
    opts,
  );
  events.on(
    'submission/queued',
    async (tx, e) => {
      if (e.cid > 0) await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
    },
    opts,
  );
  events.on(
    'contest/changed',
    async (tx, e) => {
      // A deleted contest has no board to fetch: its viewers learn it from their next request.
      if (e.what !== 'deleted') await publishBoard(tx, e.cid, await boardKind(tx, e.cid));
    },
    opts,
  );
  events.on('submission/progress', progress, opts);
}

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

/** `sealed` while contest `cid`'s board is sealed (its seal holds), else `public`. */
async function boardKind(tx: Tx, cid: number): Promise<BoardEventKind> {
  const [c] = await tx.select().from(contests).where(eq(contests.id, cid));
  return c && sealOf(c).holds(new Date()) ? 'sealed' : 'public';
}

/** Compiling / Judging (k of n): a transient `verdict` to the owner (not replayed; the verdict itself is). */
function progress(db: Db, e: SubmissionProgressEvent): Promise<void> {
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
}
