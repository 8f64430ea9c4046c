import type { AppEvents } from '../../../app-events.js';
import { forgetRecent } from './cache.js';
import { bumpVersion, refreshCell } from './cells.js';

/**
 * Registers the scoreboard's listeners (issue 9 §3 "Board speed"; the board plugin calls it once), each run inside
 * the transaction that made the change, in the `apply` phase (before the live board events, which carry the version
 * these produce): a contest submission's cell is recomputed when it is submitted, when its verdict lands (judge,
 * manual judge, cancel) and when a rejudge sends it back to Pending; a change of the contest's settings or problems
 * bumps the board's version (cached boards are dropped; the cells rebuild on the next read if the times or rule
 * changed). The reused version / contest reads of this process are dropped at once (other processes see the change
 * within RECENT_MS).
 */
export function registerBoardListeners(events: AppEvents): void {
  const area = 'contest-board';
  events.on(
    'submission/queued',
    async (tx, e) => {
      if (e.cid <= 0) return;
      await refreshCell(tx, e.cid, e.uid, e.pid);
      forgetRecent(`v:${e.cid}:`);
    },
    { area },
  );
  events.on(
    'contest/verdict',
    async (tx, e) => {
      await refreshCell(tx, e.cid, e.uid, e.pid);
      forgetRecent(`v:${e.cid}:`);
    },
    { area },
  );
  events.on(
    'contest/changed',
    async (tx, e) => {
      if (e.what !== 'deleted') await bumpVersion(tx, e.cid, true);
      forgetRecent(`v:${e.cid}:`);
      forgetRecent(`c:${e.cid}`);
    },
    { area },
  );
}
