import type { UserInfo } from '@oj/shared';
import { apiGet } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { session } from '../../../lib/session.js';
import { messageKeys } from '../../message/api/keys.js';

/** GET /api/logout (doc 1 §4): ends the server session; the client forgets user and token either way. */
export async function logout(admin = false): Promise<void> {
  try {
    await apiGet<unknown>(admin ? '/admin/logout' : '/logout', undefined, { silent: true });
  } finally {
    session.clear();
    queryClient.removeQueries({ queryKey: messageKeys.all });
  }
}

/**
 * GET /api/get-user-auth-info (doc 1 §7): the signed-in user's roles and permissions, and their current user info
 * (avatar, nickname… as `toUserInfo` on the server).
 */
export const getUserAuthInfo = () =>
  apiGet<UserInfo & { roles: string[]; permissions: string[] }>('/get-user-auth-info', undefined, {
    silent: true,
  });

let refreshing = false;
/**
 * Refreshes the stored user info and roles from the server when a token is present: at app start and whenever
 * the tab comes back into view, so an avatar or nickname changed on another device shows here (issue 25 #13: the
 * header read the `userInfo` cached at sign-in). One call at a time; failures are ignored (a stale token was
 * cleared by the api client).
 */
export async function refreshSessionUser(): Promise<void> {
  if (refreshing || !session.get().token) return;
  refreshing = true;
  try {
    const { roles, permissions: _permissions, ...user } = await getUserAuthInfo();
    if (session.get().token) {
      session.setUser(user);
      session.setRoles(roles);
    }
  } catch {
    // a stale token was cleared by the api client
  } finally {
    refreshing = false;
  }
}
