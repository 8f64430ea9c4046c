import { z } from 'zod';
import { RemoteOj } from '../constants/enums.js';

/**
 * Remote judges (issue 27, docs/remote-judges.md): the back office's judging accounts (System Config), HOJ's
 * `import-remote-problem` and the home page's other OJs' contests (doc 1 `get-recent-other-contest`).
 */

/** The OJs with an account pool: GYM is judged with Codeforces' accounts. */
export const REMOTE_ACCOUNT_OJS = ['HDU', 'CF', 'POJ', 'AC', 'SPOJ'] as const;
export const remoteAccountOj = z.enum(REMOTE_ACCOUNT_OJS);
export type RemoteAccountOj = z.infer<typeof remoteAccountOj>;

/** The pool an OJ's submissions take accounts from (GYM -> CF). */
export function accountPoolOf(oj: (typeof RemoteOj)[number]): RemoteAccountOj {
  return oj === 'GYM' ? 'CF' : oj;
}

const username = z
  .string()
  .trim()
  .min(1, 'username is required')
  .max(100, 'username can not exceed 100 characters');
const password = z.string().min(1, 'password is required').max(200, 'password can not exceed 200 characters');

/** A judging account as every API answers it: never the password. `busy`: a submission is using it now. */
export interface RemoteAccountView {
  id: number;
  oj: RemoteAccountOj;
  username: string;
  enabled: boolean;
  busy: boolean;
  /** ISO time the account was last taken by a submission, null if never. */
  claimedAt: string | null;
  gmtCreate: string;
}

/** GET /api/admin/remote-judge/accounts?oj= (optional filter). */
export const listRemoteAccountsQuery = z.object({
  oj: remoteAccountOj.optional().describe('only this OJ (HDU, CF, POJ, AC, SPOJ; GYM uses CF)'),
});

/** POST /api/admin/remote-judge/account: a new account of `oj`; the password is stored sealed, never shown again. */
export const addRemoteAccountBody = z.object({
  oj: remoteAccountOj.describe('the OJ (GYM uses the CF accounts)'),
  username: username.describe('the login on the site'),
  password: password.describe('the password on the site (write-only)'),
  enabled: z.boolean().default(true).describe('false: kept but not used'),
});

/** PUT /api/admin/remote-judge/account: change an account; absent or empty `password` keeps the stored one. */
export const updateRemoteAccountBody = z.object({
  id: z.number().int().positive().describe('the account id'),
  username: username.optional().describe('a new login'),
  password: z.string().max(200).optional().describe('a new password; absent or "" keeps the stored one'),
  enabled: z.boolean().optional().describe('use the account or not'),
});

/** DELETE /api/admin/remote-judge/account?id= */
export const remoteAccountIdQuery = z.object({
  id: z.coerce.number().int().positive().describe('the account id'),
});

/** GET /api/admin/import-remote-problem?name=&problemId= (HOJ's shape). `name` case-insensitive. */
export const importRemoteProblemQuery = z.object({
  name: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(RemoteOj, { error: 'name: must be one of HDU, CF, GYM, POJ, AC, SPOJ' }))
    .describe('the OJ: HDU, CF, GYM, POJ, AC or SPOJ'),
  problemId: z
    .string()
    .trim()
    .min(1, 'problemId is required')
    .max(64, 'problemId can not exceed 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'problemId: letters, digits, _ and - only')
    .describe("the problem's id on the site: 1000, 1A, 100001A, abc001_a, TEST"),
});

/** One upcoming contest of another OJ (home page card). Times ISO 8601. */
export interface OtherContest {
  oj: string;
  title: string;
  beginTime: string;
  endTime: string;
  url: string;
}
