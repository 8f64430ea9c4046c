import type { RegisterBody } from '@oj/shared';
import { useMutation } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.js';

/** GET /api/get-register-code?email (doc 1 §7): mails a 6-character code; answers nothing useful. */
export const getRegisterCode = (email: string) => apiGet<unknown>('/get-register-code', { email });

/** POST /api/register {username, password, email, code} (doc 1 §7). */
export const register = (body: RegisterBody) => apiPost<unknown>('/register', body);

export function useGetRegisterCode() {
  return useMutation({ mutationFn: getRegisterCode });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
