import type { LoginBody, UserInfo } from '@oj/shared';
import { useMutation } from '@tanstack/react-query';
import { apiLogin } from '../../../lib/api.js';
import { session } from '../../../lib/session.js';

/** POST /api/login {username, password} (doc 1 §7): answers user info, token in the Authorization header. */
export async function login(body: LoginBody): Promise<UserInfo> {
  const user = await apiLogin<UserInfo>('/login', body);
  session.setUser(user);
  return user;
}

/** Mutation hook for `login`. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
