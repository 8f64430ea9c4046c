import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';
import { pageQuery, queryBool } from './common.js';

/**
 * Discussion vocabulary shared by server and web (issue 12; doc 2 §2.12, §3 "Discussion", "Category", "Report",
 * §5, §7; doc 3 Discussion admin and reports). Routes and rules: docs/community.md.
 */

export const DISCUSSION_LIMITS = {
  titleMax: LIMITS.discussionTitleMax,
  descriptionMax: LIMITS.discussionTitleMax,
  contentMax: LIMITS.discussionContentMax,
  reportReasonMax: LIMITS.reportReasonMax,
  categoryNameMax: 50,
  categoriesMax: 100,
  /** Ids in one DELETE /api/admin/discussion. */
  adminDeleteMax: 100,
  pageSize: LIMITS.discussionPageSize,
  reportPageSize: 10,
  keywordMax: 200,
} as const;

/** Discussion status (doc 3 §4): 0 normal, 1 disabled by an admin. */
export const DiscussionStatus = { NORMAL: 0, DISABLED: 1 } as const;

/**
 * The six fixed report tags (doc 2 §5): stable keys stored as `#key#` before the reason; the web shows them
 * translated (spam ads, illegal content, vulgar content, gambling or fraud, malicious flaming, plagiarism).
 */
export const REPORT_TAGS = ['spam', 'illegal', 'vulgar', 'gambling', 'flaming', 'plagiarism'] as const;
export type ReportTag = (typeof REPORT_TAGS)[number];

/** A report's `content` split into its leading `#tag#` marks and the reason after them (trimmed). */
export function parseReportContent(content: string): { tags: string[]; reason: string } {
  const m = /^\s*((?:#[^#\s]{1,30}#\s*)*)([\s\S]*)$/.exec(content);
  const head = m?.[1] ?? '';
  const tags = [...head.matchAll(/#([^#\s]{1,30})#/g)].map((t) => t[1] as string);
  return { tags: [...new Set(tags)], reason: (m?.[2] ?? content).trim() };
}

/** `#tag#…#tag# reason`: the stored form of a report (doc 2 §5). */
export function formatReportContent(tags: readonly string[], reason: string): string {
  const head = tags.map((t) => `#${t}#`).join('');
  return reason.trim() ? `${head}${head ? ' ' : ''}${reason.trim()}` : head;
}

/** The role badge of an author (doc 2 §2.12: SPA for root, ADM for admin roles). */
export type AuthorRole = 'root' | 'admin' | 'user';

const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const didField = idField('did');
export const didQuery = z.object({ did: didField });

/** GET /api/get-discussion-list query (doc 2 §7). `cid` is the CATEGORY id, `pid` a problem's display id. */
export const discussionListQuery = pageQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(DISCUSSION_LIMITS.pageSize)
    .default(DISCUSSION_LIMITS.pageSize),
  keyword: z.string().trim().max(DISCUSSION_LIMITS.keywordMax).optional(),
  cid: z.preprocess(emptyToUndefined, idField('cid').optional()),
  pid: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  onlyMine: queryBool,
  admin: queryBool,
});
export type DiscussionListQuery = z.infer<typeof discussionListQuery>;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max);

/** POST /api/discussion body. Unknown fields (likeNum, viewNum…) are dropped. */
export const createDiscussionBody = z.object({
  title: text('title', DISCUSSION_LIMITS.titleMax),
  description: text('description', DISCUSSION_LIMITS.descriptionMax),
  content: z
    .string({ error: 'content is required' })
    .min(1, 'content is required')
    .max(DISCUSSION_LIMITS.contentMax)
    .refine((s) => s.trim().length > 0, 'content is required'),
  categoryId: idField('categoryId'),
  pid: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  topPriority: z.boolean().optional(),
  gid: z.preprocess(emptyToUndefined, idField('gid').optional()),
});
export type CreateDiscussionBody = z.infer<typeof createDiscussionBody>;

/** PUT /api/discussion body (doc 2 §7: like and view counts stripped). */
export const updateDiscussionBody = createDiscussionBody
  .omit({ pid: true, gid: true })
  .extend({ id: idField('id') });
export type UpdateDiscussionBody = z.infer<typeof updateDiscussionBody>;

/** A discussion's status as a body field: 0 normal or 1 disabled (400 naming `status` otherwise). */
const discussionStatusField = z.literal([DiscussionStatus.NORMAL, DiscussionStatus.DISABLED]);
const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

/**
 * PUT /api/group/discussion body (doc 3 "Group discussions"; docs/groups.md): the author's edit (`title`,
 * `description`, `categoryId`, `content`) and/or its group admins' toggles (`status`, `topPriority`); every field
 * but `id` may be left out, and `null` counts as left out (HOJ's pages send the whole list row, whose `content`
 * is null for others' posts). Other fields (`likeNum`, `pid`, `gid`…) are dropped.
 */
export const groupUpdateDiscussionBody = z.object({
  id: idField('id'),
  title: z.preprocess(nullToUndefined, createDiscussionBody.shape.title.optional()),
  description: z.preprocess(nullToUndefined, createDiscussionBody.shape.description.optional()),
  categoryId: z.preprocess(nullToUndefined, idField('categoryId').optional()),
  content: z.preprocess(nullToUndefined, createDiscussionBody.shape.content.optional()),
  topPriority: z.preprocess(nullToUndefined, z.boolean().optional()),
  status: z.preprocess(nullToUndefined, discussionStatusField.optional()),
});
export type GroupUpdateDiscussionBody = z.infer<typeof groupUpdateDiscussionBody>;

/** GET /api/discussion-like query: `toLike` false asks to undo, which is refused. */
export const discussionLikeQuery = z.object({
  did: didField,
  toLike: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === undefined || v === true || v === 'true' || v === '1'),
});

/** POST /api/discussion-report body (doc 2 §7: reporter, content, did; reporter is taken from the session). */
export const discussionReportBody = z.object({
  did: didField,
  content: z.string({ error: 'content is required' }).max(1000),
  reporter: z.string().max(100).optional(),
});

/** POST /api/discussion-category body: the whole list. */
export const discussionCategoryListBody = z
  .array(
    z.object({
      id: z.preprocess(emptyToUndefined, idField('id').optional()),
      name: z.string({ error: 'name is required' }).trim().max(DISCUSSION_LIMITS.categoryNameMax),
    }),
  )
  .max(DISCUSSION_LIMITS.categoriesMax);

/** PUT /api/admin/discussion body: pin and disable. */
export const adminUpdateDiscussionBody = z.object({
  id: idField('id'),
  topPriority: z.boolean().optional(),
  status: discussionStatusField.optional(),
});

/** DELETE /api/admin/discussion body: the ids. */
export const adminDeleteDiscussionBody = z.array(idField('id')).min(1).max(DISCUSSION_LIMITS.adminDeleteMax);

/** GET /api/admin/discussion-report query. */
export const discussionReportPageQuery = pageQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(DISCUSSION_LIMITS.reportPageSize)
    .default(DISCUSSION_LIMITS.reportPageSize),
});

/** PUT /api/admin/discussion-report body: handled or not. */
export const adminUpdateReportBody = z.object({
  id: idField('id'),
  status: z.boolean({ error: 'status must be true or false' }),
});

export interface DiscussionCategory {
  id: number;
  name: string;
  gmtCreate: string;
  gmtModified: string;
}

/** A discussion as list and detail send it (doc 2 §3 "Discussion"). */
export interface DiscussionVo {
  id: number;
  categoryId: number | null;
  categoryName: string | null;
  title: string;
  description: string;
  /** Detail: always. List: the caller's own posts only, else null. */
  content: string | null;
  pid: string | null;
  uid: string | null;
  author: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  role: AuthorRole;
  viewNum: number;
  likeNum: number;
  /** Comments plus replies. */
  commentNum: number;
  /** Detail: the caller liked it. List: false. */
  hasLike: boolean;
  topPriority: boolean;
  gid: number | null;
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

/** A row of GET /api/admin/discussion-report. */
export interface DiscussionReportVo {
  id: number;
  did: number;
  gid: number | null;
  discussionTitle: string | null;
  discussionAuthor: string | null;
  reporter: string;
  content: string;
  tags: string[];
  reason: string;
  /** Handled. */
  status: boolean;
  gmtCreate: string;
  gmtModified: string;
}
