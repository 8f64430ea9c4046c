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

/** GET /api/get-user-auth-info (doc 1 §7): the signed-in user's roles and permissions. */
export const getUserAuthInfo = () =>
  apiGet<{ roles: string[]; permissions: string[] }>('/get-user-auth-info', undefined, { silent: true });

/** Refreshes the stored roles when a token is present (app start); ignores failures. */
export async function refreshRolesOnStart(): Promise<void> {
  if (!session.get().token) return;
  try {
    const info = await getUserAuthInfo();
    session.setRoles(info.roles);
  } catch {
    // a stale token was cleared by the api client
  }
}
