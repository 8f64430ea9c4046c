import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.js';

/** POST /api/apply-reset-password {email, captcha, captchaKey} (doc 1 §7): mails a reset link. */
export const applyResetPassword = (body: { email: string; captcha: string; captchaKey: string }) =>
  apiPost<unknown>('/apply-reset-password', body);

/** POST /api/reset-password {username, password, code} (doc 1 §7). */
export const resetPassword = (body: { username: string; password: string; code: string }) =>
  apiPost<unknown>('/reset-password', body);

export function useApplyResetPassword() {
  return useMutation({ mutationFn: applyResetPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
