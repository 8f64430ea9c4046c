import { emailCodeField, emailField, LIMITS } from '@oj/shared';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkUsernameOrEmail } from '../api/check-username-or-email.js';

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
  return {
    loginUsername: [usernameRequired, usernameMax],
    loginPassword: [passwordRequired, passwordLength],
    /** Register: must not exist yet (checked on blur). */
    registerUsername: [
      usernameRequired,
      usernameMax,
      {
        validateTrigger: 'onBlur',
        validator: async (_r, v: string | undefined) => {
          if (!v?.trim() || v.length > LIMITS.usernameMax) return;
          const flags = await checkUsernameOrEmail({ username: v.trim() });
          if (flags?.username) throw new Error(t('Username_exists'));
        },
      },
    ] as FormRule[],
    registerEmail: [
      emailRequired,
      emailFormat,
      {
        validateTrigger: 'onBlur',
        validator: async (_r, v: string | undefined) => {
          if (!v || !emailField.safeParse(v).success) return;
          const flags = await checkUsernameOrEmail({ email: v.trim() });
          if (flags?.email) throw new Error(t('Email_exists'));
        },
      },
    ] as FormRule[],
    /** Reset apply: the email must exist. */
    resetEmail: [
      emailRequired,
      emailFormat,
      {
        validateTrigger: 'onBlur',
        validator: async (_r, v: string | undefined) => {
          if (!v || !emailField.safeParse(v).success) return;
          const flags = await checkUsernameOrEmail({ email: v.trim() });
          if (flags && !flags.email) throw new Error(t('Email_not_exists'));
        },
      },
    ] as FormRule[],
    /** Reset page: the username must exist. */
    existingUsername: [
      usernameRequired,
      usernameMax,
      {
        validateTrigger: 'onBlur',
        validator: async (_r, v: string | undefined) => {
          if (!v?.trim()) return;
          const flags = await checkUsernameOrEmail({ username: v.trim() });
          if (flags && !flags.username) throw new Error(t('Username_not_exists'));
        },
      },
    ] as FormRule[],
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
    isEmail: (v: string | undefined) => !!v && emailField.safeParse(v).success,
  };
}
