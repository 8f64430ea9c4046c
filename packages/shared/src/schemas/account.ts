import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';
import type { MessageKey } from '../messages/format.js';

/** Account payloads of doc 1 §3, §5 and §7. The same rules validate on the server and in the forms. */

export const usernameField = z
  .string({ error: 'The username is required' })
  .trim()
  .min(1, 'The username is required')
  .max(LIMITS.usernameMax, `The username can not exceed ${LIMITS.usernameMax} characters`);

/**
 * Characters a new username may use (issue 8 finding 9; HOJ itself only checks the length): ASCII letters and
 * digits, `_`, `.`, `-`, and Chinese (Han) characters. Look-alike letters of other scripts (Cyrillic `а` beside
 * Latin `a`), fullwidth forms, spaces, and invisible or direction marks (zero-width, RTL) are refused, so two
 * accounts cannot look the same. Uniqueness is case-insensitive on the server.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.\-\p{Script=Han}]+$/u;

/**
 * A username for a new account (registration): usernameField plus USERNAME_PATTERN. Login and reset keep the
 * plain usernameField so accounts named before the rule can still sign in.
 */
export const newUsernameField = usernameField.regex(USERNAME_PATTERN, {
  error: 'account.usernameChars' satisfies MessageKey,
});

/** True when `v` is a username a new account may take (length and USERNAME_PATTERN). */
export function isValidNewUsername(v: string): boolean {
  return newUsernameField.safeParse(v).success;
}

/** True when `v` parses as an absolute http: or https: URL (profile links; no javascript:, data: and the like). */
export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A profile link (github, blog): empty, or an http(s) URL of at most 255 characters (issue 8 finding 8). */
const profileUrlField = (name: string) =>
  z
    .string()
    .trim()
    .max(255, `The ${name} link can not exceed 255 characters`)
    .refine((v) => v === '' || isHttpUrl(v), `The ${name} link must be an http:// or https:// URL`);

export const passwordField = z
  .string({ error: 'The password is required' })
  .min(LIMITS.passwordMin, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`)
  .max(LIMITS.passwordMax, `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`);

export const emailField = z
  .string({ error: 'The email is required' })
  .trim()
  .min(1, 'The email is required')
  .max(320, 'The email is too long')
  .pipe(z.email('The email format is incorrect'));

export const emailCodeField = z
  .string({ error: 'The code is required' })
  .trim()
  .length(LIMITS.emailCodeLength, `The code must be ${LIMITS.emailCodeLength} characters`);

export const loginBody = z.object({
  username: usernameField,
  password: z
    .string({ error: 'The password is required' })
    .min(1, 'The password is required')
    .max(
      LIMITS.passwordMax,
      `The password must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`,
    ),
  /**
   * Answer and key of a GET /api/captcha image: required only when the server asked for it (a login failure or
   * refusal carrying `data.needCaptcha`: the account has had many failed logins from other addresses).
   */
  captcha: z.string().trim().max(LIMITS.captchaMax).optional(),
  captchaKey: z.string().max(64).optional(),
});

/** `data` of a refused login: whether the next attempt must carry a captcha (see loginBody). */
export interface LoginRefusal {
  needCaptcha: boolean;
}
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  username: newUsernameField,
  password: passwordField,
  email: emailField,
  code: emailCodeField,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const checkUsernameOrEmailBody = z.object({
  username: z.string().trim().max(LIMITS.usernameMax).optional(),
  email: z.string().trim().max(320).optional(),
});

export const applyResetPasswordBody = z.object({
  email: emailField,
  captcha: z
    .string({ error: 'The captcha is required' })
    .trim()
    .min(LIMITS.captchaMin, 'The captcha is required')
    .max(LIMITS.captchaMax, `The captcha can not exceed ${LIMITS.captchaMax} characters`),
  captchaKey: z.string({ error: 'The captchaKey is required' }).min(1, 'The captchaKey is required').max(64),
});

export const resetPasswordBody = z.object({
  username: usernameField,
  password: passwordField,
  code: z.string({ error: 'The code is required' }).trim().min(1, 'The code is required').max(64),
});

export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: 'The old password is required' })
    .min(1, 'The old password is required')
    .max(LIMITS.passwordMax),
  newPassword: passwordField,
});

export const changeEmailBody = z.object({
  password: z
    .string({ error: 'The password is required' })
    .min(1, 'The password is required')
    .max(LIMITS.passwordMax),
  newEmail: emailField,
  code: emailCodeField,
});

/**
 * A mobile number (doc 1 §5 "mobile valid"): digits with an optional leading +, 6 to 15 digits (E.164's longest);
 * spaces and dashes between digits are dropped.
 */
export const mobileField = z
  .string({ error: 'The mobile number is required' })
  .trim()
  .min(1, 'The mobile number is required')
  .max(32, 'The mobile number format is incorrect')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{6,15}$/, 'The mobile number format is incorrect'));

/**
 * POST /api/change-mobile {password, newMobile}: the spec asks for no code for the mobile (doc 1 §5: "email code
 * required; mobile valid"), so the account password confirms the change, as for the email.
 */
export const changeMobileBody = z.object({
  password: z
    .string({ error: 'The password is required' })
    .min(1, 'The password is required')
    .max(LIMITS.passwordMax),
  newMobile: mobileField,
});
export type ChangeMobileBody = z.infer<typeof changeMobileBody>;

export const genderField = z.enum(['male', 'female', 'secrecy']);

export const changeUserInfoBody = z.object({
  nickname: z.string().trim().max(20, 'The nickname can not exceed 20 characters').optional(),
  realname: z.string().trim().max(50, 'The realname can not exceed 50 characters').optional(),
  gender: genderField.optional(),
  school: z.string().trim().max(100, 'The school can not exceed 100 characters').optional(),
  number: z.string().trim().max(50).optional(),
  signature: z.string().max(65535, 'The signature can not exceed 65535 characters').optional(),
  github: profileUrlField('github').optional(),
  blog: profileUrlField('blog').optional(),
  cfUsername: z.string().trim().max(255).optional(),
});
export type ChangeUserInfoBody = z.infer<typeof changeUserInfoBody>;

/** Session user info (doc 1 §3): what login and get-user-auth-info answer. */
export interface UserInfo {
  uid: string;
  username: string;
  nickname: string;
  realname: string;
  email: string;
  /** The account's mobile number ('' when none); only in the user's own info. */
  mobile: string;
  avatar: string | null;
  school: string;
  gender: string;
  signature: string;
  github: string;
  blog: string;
  /** The Codeforces handle whose rating the user home shows ('' when none). */
  cfUsername: string;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
}

/** Website config (doc 1 §1, §3) as `/api/get-website-config` answers it. */
export interface WebsiteConfig {
  baseUrl: string;
  name: string;
  shortName: string;
  description: string;
  recordName: string;
  recordUrl: string;
  projectName: string;
  projectUrl: string;
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
}
