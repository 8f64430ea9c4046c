import { onSubmissionJudged, onSubmissionQueued } from '../../judge/hooks.js';
import { refreshCell } from './cells.js';

// The scoreboard's seam into judging (issue 9 §3 "Board speed"): a contest submission's cell is recomputed in
// the transaction that submits it, lands its verdict (judge, manual judge, cancel) or sends it to rejudge.
onSubmissionJudged.push(async (tx, e) => {
  if (e.cid > 0) await refreshCell(tx, e.cid, e.uid, e.pid);
});
onSubmissionQueued.push(async (tx, e) => {
  if (e.cid > 0) await refreshCell(tx, e.cid, e.uid, e.pid);
});
