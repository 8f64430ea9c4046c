import { type LoaderFunction, redirect } from 'react-router';
import { websiteConfigQuery } from '../features/config/api/get-website-config.js';
import { t } from '../lib/i18n.js';
import { onAdminPath } from '../lib/navigation.js';
import { notify } from '../lib/notify.js';
import { queryClient } from '../lib/query-client.js';
import { isAdminRoles, isSuperAdminRoles, session } from '../lib/session.js';
import type { FeatureGate, RouteMeta } from './route-types.js';

const NO_ACCESS_KEY: Record<FeatureGate, string> = {
  openPublicDiscussion: 'common:No_Access_Discussion',
  openGroupDiscussion: 'common:No_Access_Group_Discussion',
  openContestComment: 'common:No_Access_Contest_Comment',
};

/**
 * Whether the current session passes `meta`'s login and role rules (not the feature gates, which need the website
 * config): the router preloads a page's chunk only then, so a visitor sent to a login page fetches none of it.
 */
export function sessionPasses(meta: RouteMeta | undefined): boolean {
  if (!meta) return true;
  const { token, roles } = session.get();
  if ((meta.requireAuth || meta.requireAdmin || meta.requireSuperAdmin) && !token) return false;
  if (meta.requireAdmin && !isAdminRoles(roles)) return false;
  return !(meta.requireSuperAdmin && !isSuperAdminRoles(roles));
}

/**
 * The navigation guard of doc 1 §2.2 as a route loader: returns a redirect (with the warning shown and, on the
 * public site, the login modal opened) or null to let the page render.
 * - auth needed without a token: /home + login modal + Please_login_first, the asked page opened after login;
 *   admin paths: /admin/login.
 * - admin / super admin needed without the role: /admin/login (admin paths) or /home with a message.
 * - feature gate off: /home with the matching No Access message.
 */
export function guardLoader(meta: RouteMeta): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const admin = onAdminPath(url.pathname);
    const { token, roles } = session.get();
    const needsLogin = meta.requireAuth || meta.requireAdmin || meta.requireSuperAdmin;
    if (needsLogin && !token) {
      if (admin) {
        notify.warning(t('common:Please_login_first_by_admin_account'));
        return redirect('/admin/login');
      }
      notify.warning(t('common:Please_login_first'));
      // After signing in, the visitor lands on the page they asked for.
      session.openLoginModal('Login', url.pathname + url.search);
      return redirect('/home');
    }
    if (meta.requireAdmin && !isAdminRoles(roles)) {
      notify.error(t('common:Please_login_first_by_admin_account'));
      return redirect(admin ? '/admin/login' : '/home');
    }
    if (meta.requireSuperAdmin && !isSuperAdminRoles(roles)) {
      notify.error(t('common:No_permission'));
      return redirect(admin ? '/admin' : '/home');
    }
    if (meta.feature) {
      const cfg = await queryClient.ensureQueryData(websiteConfigQuery());
      if (!cfg[meta.feature]) {
        notify.error(t(NO_ACCESS_KEY[meta.feature]));
        return redirect('/home');
      }
    }
    return null;
  };
}
