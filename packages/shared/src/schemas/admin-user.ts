import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';
import { ALL_ROLE_CODES } from '../constants/roles.js';
import { pageQuery } from './common.js';

/** Admin "Users" payloads (doc 3 admin Users, §5 "Admin"; HOJ's /api/admin/user/* paths). */

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A row of the admin user list, `GET /api/admin/user/get-user-list` (doc 3 admin "User"; no password hash). */
export const adminUserRow = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  nickname: z.string(),
  realname: z.string(),
  gender: z.string(),
  school: z.string(),
  role: z.number().int(),
  status: z.number().int(),
  /** ISO time, null before the first sign-in. */
  recentLoginTime: z.string().nullable(),
  /** ISO time. */
  gmtCreate: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/** GET /api/admin/user/get-user-list query: keyword (username, real name, nickname, email), role, status, paging. */
export const adminUserListQuery = pageQuery.extend({
  keyword: z.string().max(200).optional(),
  role: z.preprocess(blankToUndefined, z.coerce.number().int().min(1000).max(1008).optional()),
  status: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1).optional()),
});

/** PUT /api/admin/user/edit-user body: the account's uid plus what changes (role, status, a new password). */
export const adminEditUserBody = z.object({
  uid: z.string({ error: 'uid is required' }).min(1, 'uid is required').max(64),
  role: z
    .number()
    .int()
    .refine((v) => (ALL_ROLE_CODES as number[]).includes(v), 'role must be a role code 1000-1008')
    .optional(),
  status: z.number().int().min(0, 'status must be 0 or 1').max(1, 'status must be 0 or 1').optional(),
  password: z
    .string()
    .min(LIMITS.passwordMin, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`)
    .max(LIMITS.passwordMax, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`)
    .optional(),
});
export type AdminEditUserBody = z.infer<typeof adminEditUserBody>;

/** DELETE /api/admin/user/delete-user body: `{ids}`, the uids to delete (1 to 1000). */
export const adminDeleteUsersBody = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: 'ids must be a list of uids' })
    .min(1, 'ids must not be empty')
    .max(1000, 'ids can hold at most 1000 uids'),
});

/** GET /api/admin/user/get-user-sessions query: `{uid}`, whose live sessions to list. */
export const adminUserSessionsQuery = z.object({
  uid: z.string({ error: 'uid is required' }).min(1, 'uid is required').max(64),
});

/**
 * POST /api/admin/user/revoke-sessions body: `{uid, sessionId?}`: ends that one session of the user, or all of the
 * user's sessions without `sessionId`.
 */
export const adminRevokeSessionsBody = z.object({
  uid: z.string({ error: 'uid is required' }).min(1, 'uid is required').max(64),
  sessionId: z.string().min(1, 'sessionId must not be empty').max(64).optional(),
});
export type AdminRevokeSessionsBody = z.infer<typeof adminRevokeSessionsBody>;

/** Most rows one import or one generation may create. */
export const BATCH_USER_MAX = 1000;

/**
 * POST /api/admin/user/insert-batch-user body: rows `[username, password, email, realname, gender, nickname,
 * school]` (doc 3 §5 CSV import). Only the shape is checked here; each row's rules are checked by checkBatchRow so
 * that every refused row is named.
 */
export const adminInsertBatchUserBody = z.object({
  users: z
    .array(z.array(z.string().max(1000).nullable()).max(20), { error: 'users must be a list of rows' })
    .min(1, 'users must not be empty')
    .max(BATCH_USER_MAX, `users can hold at most ${BATCH_USER_MAX} rows`),
});

/** Gender of an import row (doc 3 §5): male/0, female/1, anything else secrecy. */
export function importGender(v: string | null | undefined): 'male' | 'female' | 'secrecy' {
  const g = (v ?? '').trim().toLowerCase();
  if (g === 'male' || g === '0') return 'male';
  if (g === 'female' || g === '1') return 'female';
  return 'secrecy';
}

/** POST /api/admin/user/generate-user body (doc 3 §5): numbers from..to (≤ 1000 accounts), password length 6-25. */
export const adminGenerateUserBody = z
  .object({
    prefix: z.string().trim().max(10, 'prefix can not exceed 10 characters').default(''),
    suffix: z.string().trim().max(10, 'suffix can not exceed 10 characters').default(''),
    number_from: z
      .number({ error: 'number_from is required' })
      .int('number_from must be an integer')
      .min(0, 'number_from must be at least 0')
      .max(99_999_999, 'number_from is too large'),
    number_to: z
      .number({ error: 'number_to is required' })
      .int('number_to must be an integer')
      .min(0, 'number_to must be at least 0')
      .max(99_999_999, 'number_to is too large'),
    password_length: z
      .number({ error: 'password_length is required' })
      .int('password_length must be an integer')
      .min(LIMITS.generatedPasswordMin, `password_length must be ${LIMITS.generatedPasswordMin} to 25`)
      .max(LIMITS.generatedPasswordMax, `password_length must be ${LIMITS.generatedPasswordMin} to 25`),
  })
  .refine((b) => b.number_to >= b.number_from, {
    path: ['number_to'],
    message: 'number_to must not be less than number_from',
  })
  .refine((b) => b.number_to - b.number_from < BATCH_USER_MAX, {
    path: ['number_to'],
    message: `At most ${BATCH_USER_MAX} accounts at a time`,
  });
export type AdminGenerateUserBody = z.infer<typeof adminGenerateUserBody>;
