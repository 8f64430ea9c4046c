import { emailCodeField, emailField, LIMITS, USERNAME_PATTERN } from '@oj/shared';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkUsernameOrEmail, type ExistFlags } from '../api/check-username-or-email.js';

// i18n-namespace: account
/** The rule sets of the account forms. */
export interface AccountRules {
  loginUsername: FormRule[];
  loginPassword: FormRule[];
  registerUsername: FormRule[];
  registerEmail: FormRule[];
  resetEmail: FormRule[];
  existingUsername: FormRule[];
  password: FormRule[];
  passwordAgain: (form: FormInstance, field?: string) => FormRule[];
  emailCode: FormRule[];
  captcha: FormRule[];
  isEmail: (v: string | undefined) => boolean;
}

/**
 * Form rules of doc 1 §5 built from the shared limits and schemas, with translated messages. `t` is bound to
 * the `account` namespace.
 */
export function accountRules(t: TFunction): AccountRules {
  const usernameRequired: FormRule = { required: true, whitespace: true, message: t('Username_required') };
  const usernameMax: FormRule = {
    max: LIMITS.usernameMax,
    message: t('Username_max', { max: LIMITS.usernameMax }),
  };
  /** New usernames: the shared character rule (no look-alike scripts, no invisible marks). */
  const usernameChars: FormRule = { pattern: USERNAME_PATTERN, message: t('Username_chars') };
  const passwordRequired: FormRule = { required: true, message: t('Password_required') };
  const passwordLength: FormRule = {
    min: LIMITS.passwordMin,
    max: LIMITS.passwordMax,
    message: t('Password_length', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
  };
  const emailRequired: FormRule = { required: true, whitespace: true, message: t('Email_required') };
  const emailFormat: FormRule = {
    validator: async (_r, v: string | undefined) => {
      if (!v || emailField.safeParse(v).success) return;
      throw new Error(t('Email_format_error'));
    },
  };
  const isEmail = (v: string | undefined) => !!v && emailField.safeParse(v).success;
  /**
   * The on-blur server check of a username or email: skipped while `ready(v)` is false; fails with `message`
   * when the server's existence flag is `refusedWhen` (an unknown answer passes).
   */
  const existenceCheck = (
    key: keyof ExistFlags,
    ready: (v: string) => boolean,
    refusedWhen: boolean,
    message: string,
  ): FormRule => ({
    validateTrigger: 'onBlur',
    validator: async (_r, v: string | undefined) => {
      if (!v || !ready(v)) return;
      const flags = await checkUsernameOrEmail(
        key === 'email' ? { email: v.trim() } : { username: v.trim() },
      );
      if (flags && !!flags[key] === refusedWhen) throw new Error(message);
    },
  });
  const usernameTyped = (v: string) => !!v.trim();
  return {
    loginUsername: [usernameRequired, usernameMax],
    loginPassword: [passwordRequired, passwordLength],
    /** Register: must not exist yet (checked on blur). */
    registerUsername: [
      usernameRequired,
      usernameMax,
      usernameChars,
      existenceCheck(
        'username',
        (v) => usernameTyped(v) && v.length <= LIMITS.usernameMax && USERNAME_PATTERN.test(v.trim()),
        true,
        t('Username_exists'),
      ),
    ],
    registerEmail: [emailRequired, emailFormat, existenceCheck('email', isEmail, true, t('Email_exists'))],
    /** Reset apply: the email must exist. */
    resetEmail: [emailRequired, emailFormat, existenceCheck('email', isEmail, false, t('Email_not_exists'))],
    /** Reset page: the username must exist. */
    existingUsername: [
      usernameRequired,
      usernameMax,
      existenceCheck('username', usernameTyped, false, t('Username_not_exists')),
    ],
    password: [passwordRequired, passwordLength],
    /** Confirmation equal to the `password` field. */
    passwordAgain: (form: FormInstance, field = 'password'): FormRule[] => [
      { required: true, message: t('Password_again_required') },
      {
        validator: async (_r, v: string | undefined) => {
          if (v && v !== form.getFieldValue(field)) throw new Error(t('Passwords_not_match'));
        },
      },
    ],
    emailCode: [
      { required: true, whitespace: true, message: t('Code_required') },
      {
        validator: async (_r, v: string | undefined) => {
          if (v && !emailCodeField.safeParse(v).success)
            throw new Error(t('Code_length', { n: LIMITS.emailCodeLength }));
        },
      },
    ] as FormRule[],
    captcha: [
      { required: true, whitespace: true, message: t('Captcha_required') },
      {
        min: LIMITS.captchaMin,
        max: LIMITS.captchaMax,
        message: t('Captcha_length', { min: LIMITS.captchaMin, max: LIMITS.captchaMax }),
      },
    ] as FormRule[],
    /** True when `v` passes the email format check (the send-code buttons validate first). */
    isEmail,
  };
}
