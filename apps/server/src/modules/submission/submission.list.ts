import {
  currentPageField,
  isAdminRole,
  LIMITS,
  type Page,
  queryBool,
  type SubmissionListItem,
} from '@oj/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { problems, submissions } from '../../db/schema/index.js';
import { cachedTotal } from '../../lib/cached-total.js';
import { unauthorized } from '../../lib/errors.js';
import { enterGroup } from '../group/group.access.js';
import { canViewProblemSql } from '../problem/problem.access.js';
import { practiceScopeSql } from './submission.scope.js';
import { toSubmissionListItem } from './submission.view.js';

/** Query of the status page list (doc 2 §7 get-submission-list); the contest list extends it. */
/** The submission columns a list row needs (toSubmissionListItem): shared by the practice and contest lists. */
export const submissionListColumns = {
  id: submissions.id,
  pid: submissions.pid,
  displayPid: submissions.displayPid,
  uid: submissions.uid,
  username: submissions.username,
  status: submissions.status,
  score: submissions.score,
  time: submissions.time,
  memory: submissions.memory,
  length: submissions.length,
  language: submissions.language,
  judger: submissions.judger,
  isManual: submissions.isManual,
  share: submissions.share,
  cid: submissions.cid,
  submitTime: submissions.submitTime,
};

export const submissionListQuery = z.object({
  currentPage: currentPageField,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(LIMITS.submissionPageSize)
    .default(LIMITS.submissionPageSize),
  onlyMine: queryBool,
  status: z
    .union([z.literal(''), z.coerce.number().int().min(-10).max(10)], {
      error: 'status must be a judge status code',
    })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  username: z.string().max(100).optional(),
  problemID: z.string().max(100).optional(),
  completeProblemID: queryBool,
  /** A group's status page (doc 3 §2 "status"): that group's submissions, for its members. */
  gid: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1, 'gid must be a positive integer').max(Number.MAX_SAFE_INTEGER).optional(),
  ),
});

export interface SubmissionListQuery {
  currentPage: number;
  limit: number;
  onlyMine: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID: boolean;
  gid?: number;
}

/**
 * The practice status page's list (doc 2 §2.4, §7 get-submission-list): non-contest, non-group submissions (with
 * `gid`, that group's: its members only, 401 / 404 / 403 as enterGroup), newest first, filtered by mine (401 when
 * not signed in), status, exact username, and problem id (exact with completeProblemID, else a substring). Only
 * submissions of problems the viewer may view (canViewProblemSql). Returns a page; `total` may lag new
 * submissions by up to 2 s.
 */
export async function listSubmissions(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: SubmissionListQuery,
): Promise<Page<SubmissionListItem>> {
  if (q.gid != null) await enterGroup(ctx, viewer, q.gid);
  const conds: SQL[] = [practiceScopeSql(q.gid)];
  if (q.onlyMine) {
    if (!viewer) throw unauthorized();
    conds.push(eq(submissions.uid, viewer.uid));
  } else if (q.username?.trim()) {
    conds.push(eq(submissions.username, q.username.trim()));
  }
  if (q.status != null) conds.push(eq(submissions.status, q.status));
  const admin = isAdminRole(viewer?.role);
  const pidFilter = await problemFilter(ctx, q, viewer);
  if (pidFilter === 'none') return { records: [], total: 0, current: q.currentPage, size: q.limit };
  if (pidFilter) conds.push(inArray(submissions.pid, pidFilter));
  else conds.push(canViewProblemSql(viewer, submissions.pid));
  const where = and(...conds);
  const rows = await ctx.db
    .select({
      s: submissionListColumns,
      title: problems.title,
    })
    .from(submissions)
    .innerJoin(problems, eq(problems.id, submissions.pid))
    .where(where)
    .orderBy(desc(submissions.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const key = JSON.stringify([
    q.onlyMine ? viewer?.uid : q.username,
    q.status,
    pidFilter,
    admin,
    q.gid ?? null,
    // Inside a group what one sees depends on one's level there; the site scope holds no group problem.
    q.gid != null ? (viewer?.uid ?? null) : null,
  ]);
  const total = await cachedTotal(ctx, `submissions:${key}`, async () => {
    const [c] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(submissions).where(where);
    return c?.n ?? 0;
  });
  return {
    records: rows.map(({ s, title }) => toSubmissionListItem(s, title)),
    total,
    current: q.currentPage,
    size: q.limit,
  };
}

/** Problem ids matching the problemID filter (visible ones only for non-admins); null = no filter; 'none' = no match. */
async function problemFilter(
  ctx: AppContext,
  q: SubmissionListQuery,
  viewer: SessionUser | null,
): Promise<number[] | null | 'none'> {
  const text = q.problemID?.trim();
  if (!text) return null;
  const match = q.completeProblemID
    ? sql`upper(${problems.problemId}) = upper(${text})`
    : sql`${problems.problemId} ILIKE ${`%${text.replace(/[\\%_]/g, '\\$&')}%`}`;
  const visible = canViewProblemSql(viewer, problems.id);
  const rows = await ctx.db.select({ id: problems.id }).from(problems).where(and(match, visible)).limit(500);
  return rows.length ? rows.map((r) => r.id) : 'none';
}
