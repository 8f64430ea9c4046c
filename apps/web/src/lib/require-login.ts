import { t } from './i18n.js';
import { notify } from './notify.js';
import { session } from './session.js';

/**
 * For actions that need a signed-in user (post, comment, reply, like, report; doc 1 §5, doc 2 §5): true when
 * someone is signed in; otherwise shows "Please login first", opens the login modal (the visitor stays on the
 * page) and answers false.
 */
export function requireLogin(): boolean {
  if (session.get().token) return true;
  notify.warning(t('common:Please_login_first'));
  session.openLoginModal('Login');
  return false;
}
