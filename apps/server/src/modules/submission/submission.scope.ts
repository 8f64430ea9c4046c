import type { AppContext, SessionUser } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import type { ProblemRow } from './submission.problem.js';
import type { SubmitInput } from './submission.service.js';

/** What an area's admission rule decides for one submit: the problem and how the submission is filed. */
export interface AdmittedSubmit {
  problem: ProblemRow;
  /** The problem id shown with the submission (a contest's display id, "A"…). */
  displayPid: string;
  cid: number;
  /** The contest-problem row id, null outside contests. */
  cpid: number | null;
}

/**
 * An area's admission rule (ARCHITECTURE "Each area owns its admission rule"): finds the problem in the area and
 * throws (400 / 401 / 403 / 404) when the user may not submit to it now. Runs before the language check and the
 * insert; the shared submission code does everything else.
 */
export type AdmissionRule = (
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
) => Promise<AdmittedSubmit>;

export type SubmitScope = 'contest' | 'training' | 'group';
const rules = new Map<SubmitScope, AdmissionRule>();

/** Registers the admission rule of a scope (the contest module at import time). */
export function registerAdmission(scope: SubmitScope, rule: AdmissionRule): void {
  rules.set(scope, rule);
}

/** Runs the scope's rule; 400 naming the field when no area handles that scope yet. */
export async function admitScoped(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  scope: SubmitScope,
): Promise<AdmittedSubmit> {
  const rule = rules.get(scope);
  const field = scope === 'contest' ? 'cid' : scope === 'training' ? 'tid' : 'gid';
  if (!rule) throw badRequest(`${field}: ${scope} submissions are not supported yet`);
  return rule(ctx, user, input);
}
