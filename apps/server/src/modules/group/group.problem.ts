import { ApplyPublicProgress, ProblemAuth } from '@oj/shared';
import { and, count, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { groups, problems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { loadProblemByPid, type ProblemRow } from '../problem/problem.access.js';
import { adminChangeAuth, adminDeleteProblem } from '../problem/problem.admin.js';
import { likePattern } from '../problem/problem.query.js';
import type { ProblemBody } from '../problem/problem.schema.js';
import { createFromDraft, updateFromDraft } from '../problem/problem.update.js';
import { validateProblemBody } from '../problem/problem.validate.js';
import { adminGroup, type GroupRow, type GroupStanding } from './group.access.js';

/**
 * A problem of a group for its admins (doc 3 §6): 404 unless the problem belongs to a group, then adminGroup on that
 * group (401 / 404 / 403). Returns the problem and the standing.
 */
export async function loadGroupProblem(ctx: AppContext, user: SessionUser | null, pid: number) {
  const p = await loadProblemByPid(ctx, pid);
  if (p.gid == null) throw notFound('problem.notFound');
  const s = await adminGroup(ctx, user, p.gid);
  return { p, s };
}

/**
 * Who edits or deletes a group problem (doc 3 §6 "Group root (and the … problem author)"): a group root, or the
 * group admin who wrote it (`author` is the creator's username on group problems). 403 otherwise.
 */
export function assertMayEditGroupProblem(s: GroupStanding, user: SessionUser, p: ProblemRow): void {
  if (!s.isGroupRoot && p.author !== user.username) throw forbidden('group.authorOrRootOnly');
}

/**
 * The stored problem id of a group problem (doc 3 §3): the group's short name followed by the id typed in the form
 * (`1001` -> `CLASS1001`); an id already starting with the short name (case-insensitive) is kept as sent.
 */
export function prefixedProblemId(group: Pick<GroupRow, 'shortName'>, problemId: string | undefined): string {
  const id = (problemId ?? '').trim();
  if (!id) return id;
  return id.toUpperCase().startsWith(group.shortName.toUpperCase()) ? id : `${group.shortName}${id}`;
}

/** The body with the problem id prefixed by the group's short name (validation then checks the whole id). */
function withPrefix(group: GroupRow, body: ProblemBody): ProblemBody {
  return {
    ...body,
    problem: { ...body.problem, problemId: prefixedProblemId(group, body.problem.problemId) },
  };
}

/**
 * POST /api/group/problem {problem with gid, samples, languages, …} (group admins; doc 3 §5 "Group problem form"):
 * creates a problem of the group through the problem admin service: the id takes the short-name prefix, the caller
 * is its author, the auth 1 public (to members) / 2 private (to the group's admins) / 3 contest. -> {pid, problemId}.
 */
export async function createGroupProblem(ctx: AppContext, user: SessionUser, body: ProblemBody) {
  const gid = body.problem.gid;
  if (gid == null) throw badRequest('validation.required', { field: 'problem.gid' });
  const s = await adminGroup(ctx, user, gid);
  const draft = validateProblemBody(withPrefix(s.group, body), false);
  return createFromDraft(ctx, draft, user.username, { gid });
}

/**
 * PUT /api/group/problem {problem with id, …} (a group root or the author): updates a problem of the caller's group
 * through the problem admin service; the id keeps the prefix, the author and the group do not change.
 */
export async function updateGroupProblem(ctx: AppContext, user: SessionUser, body: ProblemBody) {
  const pid = body.problem.id;
  if (pid == null || pid < 1) throw badRequest('validation.required', { field: 'problem.id' });
  const { p, s } = await loadGroupProblem(ctx, user, pid);
  assertMayEditGroupProblem(s, user, p);
  const draft = validateProblemBody(withPrefix(s.group, body), true);
  draft.fields.author = p.author;
  return updateFromDraft(ctx, pid, draft, user.username);
}

/** DELETE /api/group/problem?pid= (a group root or the author); 400 when it has submissions, as for site problems. */
export async function deleteGroupProblem(ctx: AppContext, user: SessionUser, pid: number) {
  const { p, s } = await loadGroupProblem(ctx, user, pid);
  assertMayEditGroupProblem(s, user, p);
  await adminDeleteProblem(ctx, pid);
}

/** PUT /api/group/change-problem-auth {pid, auth} (a group root or the author): 1 public, 2 private, 3 contest. */
export async function changeGroupProblemAuth(ctx: AppContext, user: SessionUser, pid: number, auth: number) {
  const { p, s } = await loadGroupProblem(ctx, user, pid);
  assertMayEditGroupProblem(s, user, p);
  await adminChangeAuth(ctx, pid, auth, user.username);
}

/**
 * PUT /api/group/apply-public {pid, isApplied} (a group root or the author; doc 3 §4 "applyPublicProgress"): apply
 * (none or refused -> 1 applying) or withdraw (1 applying -> none). 400 from any other state (already public).
 */
export async function applyPublic(ctx: AppContext, user: SessionUser, pid: number, isApplied: boolean) {
  const { p, s } = await loadGroupProblem(ctx, user, pid);
  assertMayEditGroupProblem(s, user, p);
  const now = p.applyPublicProgress;
  const mayApply = p.isGroup && (now == null || now === ApplyPublicProgress.REFUSED);
  const mayWithdraw = now === ApplyPublicProgress.APPLYING;
  if (isApplied ? !mayApply : !mayWithdraw) {
    throw badRequest('group.applyPublicState', { progress: now == null ? 'none' : String(now) });
  }
  await ctx.db
    .update(problems)
    .set({ applyPublicProgress: isApplied ? ApplyPublicProgress.APPLYING : null, gmtModified: new Date() })
    .where(eq(problems.id, pid));
}

/**
 * PUT /api/admin/group-problem/change-progress {pid, progress} (admin roles; doc 3 admin "group problem examine"):
 * decides an application: 2 public makes it a site problem (public, in the main problem list; its group's admins
 * still manage it), 3 refused leaves it in its group. 400 unless the problem is waiting for a decision.
 */
export async function decideApplyPublic(ctx: AppContext, pid: number, progress: number) {
  const p = await loadProblemByPid(ctx, pid);
  if (p.gid == null || p.applyPublicProgress !== ApplyPublicProgress.APPLYING) {
    throw badRequest('group.notApplying');
  }
  const makePublic = progress === ApplyPublicProgress.PUBLIC;
  await ctx.db
    .update(problems)
    .set({
      applyPublicProgress: progress,
      ...(makePublic ? { isGroup: false, auth: ProblemAuth.PUBLIC } : {}),
      gmtModified: new Date(),
    })
    .where(eq(problems.id, pid));
}

/**
 * GET /api/admin/group-problem/list?currentPage&limit&keyword&gid (admin roles; doc 3 admin "group-problem/apply"):
 * group problems that were ever applied for (progress 1 applying, 2 public, 3 refused), those waiting first, newest
 * first; keyword on problem id / title; rows carry the group's name.
 */
export async function listApplyPublic(
  ctx: AppContext,
  q: { currentPage: number; limit: number; keyword?: string; gid?: number },
) {
  const kw = q.keyword?.trim();
  const where = and(
    isNotNull(problems.applyPublicProgress),
    isNotNull(problems.gid),
    q.gid != null ? eq(problems.gid, q.gid) : undefined,
    kw ? or(ilike(problems.problemId, likePattern(kw)), ilike(problems.title, likePattern(kw))) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    ctx.db
      .select({
        id: problems.id,
        problemId: problems.problemId,
        title: problems.title,
        author: problems.author,
        gid: problems.gid,
        groupName: groups.name,
        auth: problems.auth,
        applyPublicProgress: problems.applyPublicProgress,
        gmtModified: problems.gmtModified,
      })
      .from(problems)
      .leftJoin(groups, eq(groups.id, problems.gid))
      .where(where)
      .orderBy(sql`${problems.applyPublicProgress} = ${ApplyPublicProgress.APPLYING} DESC`, desc(problems.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    ctx.db.select({ n: count() }).from(problems).where(where),
  ]);
  return {
    records: rows.map((r) => ({ ...r, gmtModified: r.gmtModified.toISOString() })),
    total: Number(c?.n ?? 0),
    current: q.currentPage,
    size: q.limit,
  };
}
