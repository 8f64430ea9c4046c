import type { AppContext } from '../../context.js';
import { syncAcRecord } from './contest.ac-info.js';
import { admitContestSubmit } from './contest.admission.js';
import { relayContestVerdicts } from './contest.events.js';
import { forgetContest } from './contest.reads.js';
import { viewContestSubmission } from './contest.submission-view.js';

/**
 * What the contest area attaches to the app (called once by its plugin, contest.routes.ts): the relay of contest
 * verdicts and rejudge resets to `contest/verdict`, the AC records kept on it (contest.ac-info.ts), the reused
 * contest reads forgotten on `contest/changed` (contest.reads.ts), and the `contest` submission scope (its admission
 * rule for submits with cid, how its submissions show). The scoreboard's listeners are the board plugin's
 * (board/hooks.ts), the live events' the events plugin's.
 */
export function registerContestExtensions(ctx: AppContext): void {
  const area = 'contest';
  relayContestVerdicts(ctx.events);
  ctx.events.on('contest/verdict', syncAcRecord, { area });
  ctx.events.on('contest/changed', async (_tx, e) => forgetContest(e.cid), { area });
  ctx.scopes.register('contest', { area, admit: admitContestSubmit, view: viewContestSubmission });
}
