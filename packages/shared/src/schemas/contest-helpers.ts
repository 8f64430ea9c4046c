import { z } from 'zod';
import { CONTEST_HELPER_LIMITS } from '../constants/contest-limits.js';
import { pageQuery } from './common.js';
import { cidField } from './contest.js';

export { CONTEST_HELPER_LIMITS } from '../constants/contest-limits.js';

/**
 * Contest helpers (issue 10 §1; doc 2 §3 "Contest announcement", "AC info", "Contest print", §7; doc 3 contest
 * announcement admin): request bodies and answers of the announcement, AC info (balloon) and print calls.
 */
const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);

/** POST / PUT /api/admin/contest/announcement body (HOJ's shape); PUT needs `announcement.id`. */
export const contestAnnouncementBody = z.object({
  cid: cidField,
  announcement: z.object({
    id: idField('announcement.id').optional(),
    title: z
      .string({ error: 'announcement.title is required' })
      .trim()
      .min(1, 'announcement.title is required')
      .max(CONTEST_HELPER_LIMITS.announcementTitleMax),
    content: z.string().max(CONTEST_HELPER_LIMITS.announcementContentMax).default(''),
  }),
});
export type ContestAnnouncementBody = z.infer<typeof contestAnnouncementBody>;

/** DELETE /api/admin/contest/announcement?aid= (HOJ's name; `id` also accepted). */
export const contestAnnouncementIdQuery = z
  .object({ aid: idField('aid').optional(), id: idField('id').optional() })
  .refine((q) => q.aid != null || q.id != null, { message: 'aid is required', path: ['aid'] });

/** GET /api/get-contest-announcement, GET /api/admin/contest/announcement: cid and paging. */
export const contestPageQuery = pageQuery.extend({ cid: cidField });

/** POST /api/get-contest-not-read-announcement body: the ids the browser has shown already. */
export const notReadAnnouncementBody = z.object({
  cid: cidField,
  readAnnouncementList: z
    .array(z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
    .max(CONTEST_HELPER_LIMITS.readListMax)
    .default([]),
});

/** A contest announcement as the lists send it. */
export interface ContestAnnouncementVo {
  id: number;
  cid: number;
  title: string;
  content: string;
  username: string;
  gmtCreate: string;
  gmtModified: string;
}

/** PUT /api/check-contest-ac-info body. */
export const checkAcInfoBody = z.object({
  id: idField('id'),
  cid: cidField,
  checked: z.boolean({ error: 'checked must be true or false' }),
});

/** A row of GET /api/get-contest-ac-info (doc 2 §3 "AC info" plus the submission id and balloon colour). */
export interface ContestAcInfoVo {
  id: number;
  cid: number;
  submitId: number;
  pid: number;
  uid: string;
  username: string;
  realname: string;
  displayId: string;
  submitTime: string;
  firstBlood: boolean;
  color: string | null;
  checked: boolean;
}

/** POST /api/submit-print-text body: at least 50 characters (doc 2 §5). */
export const submitPrintBody = z.object({
  cid: cidField,
  content: z.string({ error: 'content is required' }).max(CONTEST_HELPER_LIMITS.printMax),
});

/** PUT /api/check-contest-print-status?id=&cid=. */
export const printIdQuery = z.object({ id: idField('id'), cid: cidField });

/** A row of GET /api/get-contest-print (doc 2 §3 "Contest print"). */
export interface ContestPrintVo {
  id: number;
  cid: number;
  username: string;
  realname: string;
  gmtCreate: string;
  status: number;
  content: string;
}
