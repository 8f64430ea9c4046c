import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';

/** Account payloads of doc 1 §3, §5 and §7. The same rules validate on the server and in the forms. */

export const usernameField = z
  .string({ error: 'The username is required' })
  .trim()
  .min(1, 'The username is required')
  .max(LIMITS.usernameMax, `The username can not exceed ${LIMITS.usernameMax} characters`);

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
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  username: usernameField,
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

export const genderField = z.enum(['male', 'female', 'secrecy']);

export const changeUserInfoBody = z.object({
  nickname: z.string().trim().max(20, 'The nickname can not exceed 20 characters').optional(),
  realname: z.string().trim().max(50, 'The realname can not exceed 50 characters').optional(),
  gender: genderField.optional(),
  school: z.string().trim().max(100, 'The school can not exceed 100 characters').optional(),
  number: z.string().trim().max(50).optional(),
  signature: z.string().max(65535, 'The signature can not exceed 65535 characters').optional(),
  github: z.string().trim().max(255).optional(),
  blog: z.string().trim().max(255).optional(),
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
  avatar: string | null;
  school: string;
  gender: string;
  signature: string;
  github: string;
  blog: string;
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
