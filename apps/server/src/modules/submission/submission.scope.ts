import { isSuperAdminRole } from '@oj/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { submissions } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { memberGroupIdsSql } from '../group/group.access.js';
import type { ProblemRow } from './submission.problem.js';
import type { SubmitInput } from './submission.service.js';

type SubmissionRow = typeof submissions.$inferSelect;

/** What an area's admission rule decides for one submit: the problem and how the submission is filed. */
export interface AdmittedSubmit {
  problem: ProblemRow;
  /** The problem id shown with the submission (a contest's display id, "A"…). */
  displayPid: string;
  cid: number;
  /** The contest-problem row id, null outside contests. */
  cpid: number | null;
  /** The training the submission was made in (a practice submission that carries it); absent otherwise. */
  tid?: number | null;
  /** The group the submission was made in (group practice, a group training or contest); absent otherwise. */
  gid?: number | null;
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

/** Runs the scope's rule (on `ctx.scopes`); 400 naming the field when no area handles that scope. */
export async function admitScoped(
  ctx: AppContext,
  user: SessionUser,
  input: SubmitInput,
  scope: SubmitScope,
): Promise<AdmittedSubmit> {
  const rule = ctx.scopes.admission(scope);
  const field = scope === 'contest' ? 'cid' : scope === 'training' ? 'tid' : 'gid';
  if (!rule) throw badRequest('submission.scopeUnsupported', { field, scope });
  return rule(ctx, user, input);
}

/**
 * How a submission made in a scope (a contest…) shows to a viewer, decided by that scope's area: `hiddenStatus`
 * null when the verdict is visible, else the status to show instead (score, time, memory, messages and case
 * results are then withheld). Throws 401 / 403 when the viewer may not look at the scope at all; answers null
 * when the scope no longer exists (the problem's own rule then applies).
 */
export type SubmissionViewRule = (
  ctx: AppContext,
  viewer: SessionUser | null,
  s: SubmissionRow,
) => Promise<{ hiddenStatus: number | null; isScopeAdmin: boolean } | null>;

/** What an area registers for a scope: its name, its admission rule and how its submissions show. */
export interface ScopeRules {
  area: string;
  admit?: AdmissionRule;
  view?: SubmissionViewRule;
}

/**
 * The submission scopes of one app (`ctx.scopes`): each area registers its admission and view rules from its own
 * plugin (contest, training, group). One registration a scope; a second one is an error (two areas, or one context
 * given to two apps).
 */
export class SubmissionScopes {
  private readonly rules = new Map<SubmitScope, ScopeRules>();

  /** Registers the rules of `scope`. Throws when the scope already has rules. */
  register(scope: SubmitScope, rules: ScopeRules): void {
    if (this.rules.has(scope)) throw new Error(`submission scope ${scope} is already registered`);
    this.rules.set(scope, rules);
  }

  /** The admission rule of `scope`, if an area registered one. */
  admission(scope: SubmitScope): AdmissionRule | undefined {
    return this.rules.get(scope)?.admit;
  }

  /** The view rule of `scope`, if an area registered one. */
  view(scope: SubmitScope): SubmissionViewRule | undefined {
    return this.rules.get(scope)?.view;
  }

  /** Who registered what: per scope, the area and which rules (a test compares it with the expected set). */
  registered(): Partial<Record<SubmitScope, { area: string; admit: boolean; view: boolean }>> {
    const out: Partial<Record<SubmitScope, { area: string; admit: boolean; view: boolean }>> = {};
    for (const [scope, r] of this.rules) out[scope] = { area: r.area, admit: !!r.admit, view: !!r.view };
    return out;
  }

  /** How many scopes have rules. */
  get size(): number {
    return this.rules.size;
  }
}

/**
 * The scope's view of `s` (see SubmissionViewRule): a contest's for contest submissions, a group's for the other
 * submissions carrying `gid`; null for site practice submissions or an unhandled scope.
 */
export async function viewScoped(ctx: AppContext, viewer: SessionUser | null, s: SubmissionRow) {
  const scope: SubmitScope | null = s.cid !== 0 ? 'contest' : s.gid != null ? 'group' : null;
  const rule = scope ? ctx.scopes.view(scope) : undefined;
  return rule ? rule(ctx, viewer, s) : null;
}

/**
 * The one scope filter of the practice submission lists (ARCHITECTURE "lists filter by scope through one helper"):
 * non-contest submissions of the site (no group) or, with `gid`, of that group only. Callers check that the viewer
 * may enter the group.
 */
export function practiceScopeSql(gid?: number | null): SQL {
  return and(eq(submissions.cid, 0), gid != null ? eq(submissions.gid, gid) : isNull(submissions.gid)) as SQL;
}

/**
 * SQL: the submissions `viewer` may reach by group: those of no group and those of the viewer's groups (member
 * level and up); all for super admins. For look-ups by id (status checks) where no single scope is asked for.
 */
export function reachableGroupSql(viewer: SessionUser | null): SQL {
  if (viewer && isSuperAdminRole(viewer.role)) return sql`true`;
  if (!viewer) return isNull(submissions.gid);
  return sql`(${submissions.gid} IS NULL OR ${submissions.gid} IN ${memberGroupIdsSql(viewer.uid)})`;
}
