import { isSuperAdminRole } from '@oj/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { canViewProblem } from '../problem/problem.access.js';
import { findProblem } from '../submission/submission.problem.js';
import type { AdmittedSubmit } from '../submission/submission.scope.js';
import type { SubmitInput } from '../submission/submission.service.js';
import { enterGroup } from './group.access.js';

/**
 * The group admission rule (doc 3 §6; ARCHITECTURE "each area owns its admission rule"), asked by the shared
 * submission code for a submit with `gid` (and no cid / tid): the caller is a member (401 / 404 / 403), the problem
 * is one of the group's (404) that the caller may view there (403: auth 1 for members, all for its admins), and
 * group judging is open (the site switch openGroupJudge; 403 except for the group's admins). The submission is a
 * practice one (cid 0) that carries `gid`.
 */
export async function admitGroupSubmit(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
): Promise<AdmittedSubmit> {
  if (input.gid == null) throw badRequest('validation.required', { field: 'gid' });
  const s = await enterGroup(ctx, user, input.gid);
  const problem = await findProblem(ctx.db, input.pid);
  if (problem.gid !== s.group.id) throw notFound('problem.notFound');
  const standing = { gid: s.group.id, member: s.member, isGroupAdmin: s.isGroupAdmin };
  if (!canViewProblem(user, problem, standing)) throw forbidden('submission.problemNotPublic');
  if (!(await ctx.config.get('switch')).openGroupJudge && !s.isGroupAdmin) {
    throw forbidden('group.judgingClosed');
  }
  return { problem, displayPid: problem.problemId, cid: 0, cpid: null, gid: s.group.id };
}

/**
 * How a group's practice submission shows (submission.scope viewScoped): only inside the group, so 401 / 404 / 403
 * for anyone but its members (and super admins); verdicts are never hidden; the group's admins see the code.
 */
async function viewGroupSubmission(ctx: AppContext, viewer: SessionUser | null, s: { gid: number | null }) {
  if (s.gid == null) return null;
  if (viewer && isSuperAdminRole(viewer.role)) return { hiddenStatus: null, isScopeAdmin: true };
  const st = await enterGroup(ctx, viewer, s.gid);
  return { hiddenStatus: null, isScopeAdmin: st.isGroupAdmin };
}

/** Registers the `group` submission scope (the group plugin calls it once): its admission and view rules. */
export function registerGroupScope(ctx: AppContext): void {
  ctx.scopes.register('group', { area: 'group', admit: admitGroupSubmit, view: viewGroupSubmission });
}
