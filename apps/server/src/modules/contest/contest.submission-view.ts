import { eq } from 'drizzle-orm';
import { contests } from '../../db/schema/index.js';
import type { SubmissionViewRule } from '../submission/submission.scope.js';
import { enterContest } from './contest.access.js';
import { shownVerdict } from './contest.visibility.js';

/**
 * How one contest submission shows on its detail and case-result pages: the viewer must be able to enter the
 * contest (enterContest: 401 / 403), and the verdict is hidden as in the contest's lists (shownVerdict). A
 * submission whose contest was deleted falls back to its problem's rule.
 */
export const viewContestSubmission: SubmissionViewRule = async (ctx, viewer, s) => {
  const [exists] = await ctx.db
    .select({ id: contests.id })
    .from(contests)
    .where(eq(contests.id, s.cid))
    .limit(1);
  if (!exists) return null;
  const { user, contest, standing } = await enterContest(ctx, viewer, s.cid);
  const shown = shownVerdict({ contest, uid: user.uid, isAdmin: standing.isAdmin, now: new Date() }, s);
  return { hiddenStatus: shown === s ? null : shown.status, isScopeAdmin: standing.isAdmin };
};
