import { z } from 'zod';
import { GroupAuth, GroupMemberAuth } from '../constants/enums.js';
import { LIMITS } from '../constants/limits.js';
import { currentPageField, pageQuery, queryBool } from './common.js';

/**
 * Group vocabulary shared by server and web (doc 3 §3-§9, issue 13): the group, its members and applications,
 * announcements, the apply-public progress of group problems and the group rank. Paths are HOJ's (docs/groups.md).
 */

/** Apply-public progress of a group problem (doc 3 §3): null none, 1 applying, 2 public, 3 refused. */
export const ApplyPublicProgress = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;

/** A group's `status` code, normal or disabled (only super admins still see and manage a disabled group). */
export const GroupStatus = { NORMAL: 0, DISABLED: 1 } as const;

/** Group rank types of GET /api/get-group-rank-list: 0 ACM (by AC count), 1 OI (by score). */
export const GroupRankType = { ACM: 0, OI: 1 } as const;

/** Short names prefix problem ids, so they hold only the characters of a problem id (no '.' or '+'). */
export const GROUP_SHORT_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be a positive integer`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is out of range`);

/** A group id in a query or body. */
export const gidField = idField('gid');
export const gidQuery = z.object({ gid: gidField });
export const groupIdField = idField;

const lengthText = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(min, `${name} must have ${min} to ${max} characters`)
    .max(max, `${name} must have ${min} to ${max} characters`);

const groupAuthField = z.coerce
  .number({ error: 'auth is required' })
  .int()
  .refine((v) => (Object.values(GroupAuth) as number[]).includes(v), {
    message: 'auth must be 1 (public), 2 (protected) or 3 (private)',
  });

const codeField = z
  .string()
  .trim()
  .length(LIMITS.groupCodeLength, `code must have exactly ${LIMITS.groupCodeLength} characters`);

/** GET /api/get-group-list query (doc 3 §7): keyword on name / short name / brief, auth filter, onlyMine. */
export const groupListQuery = pageQuery.extend({
  keyword: z.string().trim().max(200).optional(),
  auth: z.preprocess(emptyToUndefined, groupAuthField.optional()),
  onlyMine: queryBool,
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

/** The group form's fields (doc 3 §5 "Group create form"); `code` required unless public. */
const groupFields = {
  name: lengthText('name', LIMITS.groupNameMin, LIMITS.groupNameMax),
  shortName: lengthText('shortName', LIMITS.groupShortNameMin, LIMITS.groupShortNameMax).regex(
    GROUP_SHORT_NAME_PATTERN,
    "shortName may hold letters, digits, '-' and '_' only",
  ),
  brief: lengthText('brief', LIMITS.groupBriefMin, LIMITS.groupBriefMax),
  description: lengthText('description', LIMITS.groupDescriptionMin, LIMITS.groupDescriptionMax),
  auth: groupAuthField,
  code: z.preprocess(emptyToUndefined, codeField.optional()),
  visible: z.boolean().default(true),
};

/** POST /api/group body. */
export const createGroupBody = z.object(groupFields).superRefine((b, c) => {
  if (b.auth !== GroupAuth.PUBLIC && !b.code) {
    c.addIssue({ code: 'custom', path: ['code'], message: 'code is required unless the group is public' });
  }
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/**
 * PUT /api/group body: `id` and the fields to change (doc 3 §7 "update group (non-empty fields only)"); `status`
 * (0 normal, 1 disabled) only for super admins.
 */
export const updateGroupBody = z.object({
  id: idField('id'),
  name: z.preprocess(emptyToUndefined, groupFields.name.optional()),
  shortName: z.preprocess(emptyToUndefined, groupFields.shortName.optional()),
  brief: z.preprocess(emptyToUndefined, groupFields.brief.optional()),
  description: z.preprocess(emptyToUndefined, groupFields.description.optional()),
  auth: z.preprocess(emptyToUndefined, groupAuthField.optional()),
  code: groupFields.code,
  visible: z.boolean().optional(),
  status: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(GroupStatus.NORMAL).max(GroupStatus.DISABLED).optional(),
  ),
});
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

/** A group in lists and details (doc 3 §3 "Group"); `code` only for the group's roots, `description` detail only. */
export interface GroupVo {
  id: number;
  avatar: string | null;
  name: string;
  shortName: string;
  brief: string;
  owner: string;
  uid: string | null;
  auth: number;
  visible: boolean;
  status: number;
  memberCount: number;
  gmtCreate: string;
  gmtModified: string;
  description?: string;
  code?: string | null;
}

/**
 * GET /api/get-group-access: the caller's standing. `access` may enter (member, or super admin); `level` the member
 * row's level (0 none, 1 applying … 5 root); the admin / root / owner flags count the owner and super admins.
 */
export interface GroupAccessVo {
  access: boolean;
  level: number;
  isGroupAdmin: boolean;
  isGroupRoot: boolean;
  isOwner: boolean;
}

const levelField = z.coerce
  .number({ error: 'auth is required' })
  .int()
  .min(GroupMemberAuth.APPLYING, 'auth must be a level from 1 to 5')
  .max(GroupMemberAuth.ROOT, 'auth must be a level from 1 to 5');

/** GET /api/group/get-member-list and get-apply-list query: keyword on the username, a level filter. */
export const groupMemberListQuery = pageQuery.extend({
  gid: gidField,
  keyword: z.string().trim().max(100).optional(),
  auth: z.preprocess(emptyToUndefined, levelField.optional()),
});

/** POST /api/group/member body: join a public group, or apply (reason 5-100; the code of a private group). */
export const addGroupMemberBody = z.object({
  gid: gidField,
  /** Optional, HOJ sends it: must be the caller's own uid. */
  uid: z.string().max(64).optional(),
  code: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  reason: z.preprocess(emptyToUndefined, z.string().trim().max(1000).optional()),
});

/** PUT /api/group/member body: a member's new level (1 applying … 5 root). */
export const updateGroupMemberBody = z.object({
  gid: gidField,
  uid: z.string({ error: 'uid is required' }).min(1, 'uid is required').max(64),
  auth: levelField,
});

/** DELETE /api/group/member query. */
export const groupMemberQuery = z.object({
  gid: gidField,
  uid: z.string({ error: 'uid is required' }).min(1, 'uid is required').max(64),
});

/** A member or application row (doc 3 §3 "Group member"); `reason` only for the group's admins. */
export interface GroupMemberVo {
  id: number;
  uid: string;
  gid: number;
  username: string;
  avatar: string | null;
  auth: number;
  reason: string | null;
  gmtCreate: string;
  gmtModify: string;
}

const announcementFields = {
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(255),
  content: z.string({ error: 'content is required' }).trim().min(1, 'content is required').max(65_535),
  status: z.coerce.number().int().min(0).max(1).default(0),
};

/** POST /api/group/announcement body (status 0 visible, 1 hidden). Answers an AnnouncementItem. */
export const groupAnnouncementBody = z.object({ gid: gidField, ...announcementFields });

/** PUT /api/group/announcement body: the announcement's id and its new fields. */
export const updateGroupAnnouncementBody = z.object({ id: idField('id'), ...announcementFields });

/**
 * GET /api/get-group-rank-list query (doc 3 §7): page size 30 by default, type 0 ACM / 1 OI. Answers
 * Page<RankRecord> (the site rank's rows) over the group's members and the group's submissions.
 */
export const groupRankQuery = z.object({
  gid: gidField,
  currentPage: currentPageField,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .catch(LIMITS.groupRankPageSize)
    .default(LIMITS.groupRankPageSize),
  type: z.coerce
    .number({ error: 'type is required' })
    .int()
    .min(GroupRankType.ACM, 'type must be 0 (ACM) or 1 (OI)')
    .max(GroupRankType.OI, 'type must be 0 (ACM) or 1 (OI)'),
  searchUser: z.string().trim().max(100).optional(),
});

/** PUT /api/group/apply-public body: apply (true) or withdraw (false) a group problem for the public problem set. */
export const applyPublicBody = z.object({ pid: idField('pid'), isApplied: z.boolean() });

/** PUT /api/admin/group-problem/change-progress body: the site admins' decision, 2 public or 3 refused. */
export const changeGroupProblemProgressBody = z.object({
  pid: idField('pid'),
  progress: z.coerce
    .number({ error: 'progress is required' })
    .int()
    .refine((v) => v === ApplyPublicProgress.PUBLIC || v === ApplyPublicProgress.REFUSED, {
      message: 'progress must be 2 (public) or 3 (refused)',
    }),
});
