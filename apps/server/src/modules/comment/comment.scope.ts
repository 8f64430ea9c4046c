import { CommentSourceType, ContestStatus, isAdminRole, Role } from '@oj/shared';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { comments, discussions, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type ContestRow, enterContest } from '../contest/contest.access.js';
import { contestStatus } from '../contest/contest.clock.js';
import {
  assertContestCommentsOpen,
  assertDiscussionAccess,
  assertNotDisabled,
} from '../discussion/discussion.rules.js';
import { groupRootUids } from '../group/group.access.js';

/**
 * Where a comment lives and who may see it (issue 12; doc 1 §2.7, §6): a discussion (`did`; the public-discussion
 * switch, not disabled) or a contest (`cid`; the contest-comment switch and the contest's access rule). While a
 * contest runs, a participant sees only their own comments and replies and those of the contest's admins.
 */

export type CommentTarget =
  | { kind: 'discussion'; did: number; discussion: DiscussionHead; groupAdmin: boolean }
  | {
      kind: 'contest';
      cid: number;
      contest: ContestRow;
      isAdmin: boolean;
      running: boolean;
      /** The roots of a group contest's group (its admins with the creator and super admins), for the reply rule
       * and a running contest's author filter; loaded for viewers who are not its admins, else empty. */
      groupRoots: string[];
    };

export type CommentRow = typeof comments.$inferSelect;
/** What the comment rules read of a discussion (never its content). */
type DiscussionHead = Pick<typeof discussions.$inferSelect, 'id' | 'uid' | 'gid' | 'status'>;

/** 400 unless exactly one of `did` and `cid` is given. */
export function oneTarget(q: { did?: number; cid?: number }): { did?: number; cid?: number } {
  if ((q.did == null) === (q.cid == null)) throw badRequest('comment.target');
  return q;
}

/**
 * The target of a comment section for `user`: for a discussion the discussion (404), its access rule (the
 * switch; a group discussion its group's membership) and its state (403 disabled, admin roles and the group's admins excepted); for a
 * contest the switch (403) and enterContest (401, 404, 403).
 */
export async function openTarget(
  ctx: AppContext,
  user: SessionUser | null,
  t: { did?: number | null; cid?: number | null },
): Promise<CommentTarget> {
  if (t.did != null) {
    const [d] = await ctx.db
      .select({ id: discussions.id, uid: discussions.uid, gid: discussions.gid, status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, t.did))
      .limit(1);
    if (!d) throw notFound('discussion.notFound');
    const group = await assertDiscussionAccess(ctx, user, d);
    assertNotDisabled(user, d, group);
    return { kind: 'discussion', did: d.id, discussion: d, groupAdmin: !!group?.isGroupAdmin };
  }
  if (t.cid == null) throw badRequest('comment.target');
  await assertContestCommentsOpen(ctx);
  const { contest, standing } = await enterContest(ctx, user, t.cid);
  const running = contestStatus(contest, new Date()) === ContestStatus.RUNNING;
  const groupRoots = !standing.isAdmin && contest.gid != null ? await groupRootUids(ctx, contest.gid) : [];
  return { kind: 'contest', cid: contest.id, contest, isAdmin: standing.isAdmin, running, groupRoots };
}

/**
 * Whose comments and replies `viewer` sees in `target`: null (everyone) for discussions, contest admins and contests
 * not running; while a contest runs, a participant sees only the authors listed (themselves and the contest's
 * admins: its creator and, for a group contest, the group's roots) and super admins. The one rule of
 * visibleAuthorSql, canSeeAuthor, the reply rule and the comment page (comment.page.ts).
 */
export function visibleAuthors(target: CommentTarget, viewer: SessionUser | null): { uids: string[] } | null {
  if (target.kind !== 'contest' || target.isAdmin || !target.running) return null;
  const uids = new Set<string>();
  if (viewer?.uid) uids.add(viewer.uid);
  if (target.contest.uid) uids.add(target.contest.uid);
  for (const uid of target.groupRoots) uids.add(uid);
  return { uids: [...uids] };
}

/**
 * The condition on an author column (`comments.from_uid`, `replies.from_uid`) that hides, while a contest runs,
 * what a participant may not see (visibleAuthors): anything but their own and the contest admins' (its creator,
 * super admins). Undefined (no condition) for discussions, contest admins and contests not running.
 */
export function visibleAuthorSql(
  target: CommentTarget,
  viewer: SessionUser | null,
  column: AnyColumn,
): SQL | undefined {
  const authors = visibleAuthors(target, viewer);
  if (!authors) return undefined;
  const listed = authors.uids.length
    ? sql`${column} IN (${sql.join(
        authors.uids.map((u) => sql`${u}`),
        sql`, `,
      )}) OR `
    : sql``;
  return sql`(${listed}${column} IN (SELECT ${users.uid} FROM ${users} WHERE ${users.role} = ${Role.ROOT}))`;
}

/** True when `authorUid` wrote something `viewer` may see in `target` (the rule of visibleAuthorSql). */
export async function canSeeAuthor(
  ctx: AppContext,
  target: CommentTarget,
  viewer: SessionUser | null,
  authorUid: string,
): Promise<boolean> {
  const authors = visibleAuthors(target, viewer);
  if (!authors || authors.uids.includes(authorUid)) return true;
  const [u] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.uid, authorUid)).limit(1);
  return u?.role === Role.ROOT;
}

/** Loads a comment; 404 "The comment does not exist". */
export async function loadComment(ctx: AppContext, id: number): Promise<CommentRow> {
  const [c] = await ctx.db.select().from(comments).where(eq(comments.id, id)).limit(1);
  if (!c) throw notFound('comment.notFound');
  return c;
}

/**
 * Loads comment `id` and its target for `user`, 404 when the comment is one the user may not see (a hidden contest
 * comment is reported as missing, not forbidden, so its existence does not leak).
 */
export async function openComment(ctx: AppContext, user: SessionUser | null, id: number) {
  const comment = await loadComment(ctx, id);
  const target = await openTarget(ctx, user, comment);
  if (!(await canSeeAuthor(ctx, target, user, comment.fromUid))) throw notFound('comment.notFound');
  return { comment, target };
}

/**
 * Who may delete others' comments and replies here: admin roles (and a group discussion's group admins) on
 * discussions, contest admins in contests (contestAdminIn: a group contest's group roots too). `target` must have
 * been opened for `user`.
 */
export function moderates(target: CommentTarget, user: SessionUser): boolean {
  if (target.kind === 'contest') return target.isAdmin;
  return isAdminRole(user.role) || target.groupAdmin;
}

/** The message source of a comment target: the discussion or the contest. */
export function sourceOf(target: CommentTarget) {
  return target.kind === 'discussion'
    ? { sourceId: target.did, sourceType: CommentSourceType.DISCUSSION, gid: target.discussion.gid }
    : { sourceId: target.cid, sourceType: CommentSourceType.CONTEST };
}
