import { isAdminRole, JudgeStatus } from '@oj/shared';
import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { rejudge } from '../judge/judge.admin.service.js';

async function loadOwned(ctx: AppContext, user: SessionUser, submitId: number) {
  const [s] = await ctx.db.select().from(submissions).where(eq(submissions.id, submitId)).limit(1);
  if (!s) throw notFound('submission.notFound');
  if (s.uid !== user.uid && !isAdminRole(user.role)) throw forbidden('submission.notYours');
  return s;
}

/**
 * Share toggle (doc 2 §4.3, §6; PUT /api/submission): only the owner, only outside contests. Returns the new flag.
 */
export async function setShare(ctx: AppContext, user: SessionUser, submitId: number, share: boolean) {
  const s = await loadOwned(ctx, user, submitId);
  if (s.uid !== user.uid) throw forbidden('submission.shareAuthorOnly');
  if (s.cid !== 0) throw badRequest('submission.shareContest');
  await ctx.db
    .update(submissions)
    .set({ share, gmtModified: new Date() })
    .where(eq(submissions.id, submitId));
  return { submitId, share };
}

/**
 * Resubmit (doc 2 §4.3, GET /api/resubmit): a submission that ended Submitted Failed or System Error goes back to
 * Pending and is judged again; its owner or an admin may ask. 400 for any other status.
 */
export async function resubmit(ctx: AppContext, user: SessionUser, submitId: number) {
  const s = await loadOwned(ctx, user, submitId);
  if (s.status !== JudgeStatus.SUBMITTED_FAILED && s.status !== JudgeStatus.SYSTEM_ERROR) {
    throw badRequest('submission.resubmitOnlyFailed');
  }
  const row = await rejudge(ctx, submitId);
  return { submitId: row.id, status: row.status };
}
