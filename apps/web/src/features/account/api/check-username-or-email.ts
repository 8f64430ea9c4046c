import { apiPost } from '../../../lib/api.js';

/** Existence flags answered by POST /api/check-username-or-email. */
export interface ExistFlags {
  username: boolean;
  email: boolean;
}

/**
 * POST /api/check-username-or-email {username?, email?} (doc 1 §7): whether each given value is already taken.
 * Used by the on-blur form checks; errors there must not toast, so the call is silent and answers "unknown"
 * (null) on failure.
 */
export async function checkUsernameOrEmail(body: {
  username?: string;
  email?: string;
}): Promise<ExistFlags | null> {
  try {
    return await apiPost<ExistFlags>('/check-username-or-email', body, { silent: true });
  } catch {
    return null;
  }
}
