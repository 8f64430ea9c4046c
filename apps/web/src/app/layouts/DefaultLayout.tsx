import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageLoading } from '../../components/PageLoading.js';
import { useWebsiteConfig } from '../../features/config/api/get-website-config.js';
import { useSession } from '../../lib/session.js';
import { useGlobalShortcuts } from '../../lib/shortcuts.js';
import type { RouteMeta } from '../route-types.js';
import { Footer } from './Footer.js';
import { NavBar } from './NavBar.js';
import { useSessionSync } from './useSessionSync.js';

const LoginModal = lazy(() => import('../../features/account/components/LoginModal.js'));
const ShortcutDialog = lazy(() => import('../../components/ShortcutDialog.js'));

/**
 * The public site's layout: top navigation, the page, the footer (unless the route hides it), and the sign-in
 * modal (its code loads the first time it opens); the keyboard shortcuts `/` and `?` (the shortcut list, loaded
 * the first time `?` is pressed).
 */
export default function DefaultLayout() {
  const matches = useMatches();
  const hideFooter = matches.some((m) => (m.handle as RouteMeta | undefined)?.hideFooter);
  const { loginModal } = useSession();
  const config = useWebsiteConfig();
  useSessionSync();
  const [shortcuts, setShortcuts] = useState<'never' | 'open' | 'closed'>('never');
  useGlobalShortcuts(useCallback(() => setShortcuts('open'), []));
  useEffect(() => {
    document.title = config.name;
  }, [config.name]);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavBar />
      <main style={{ flex: 1 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {!hideFooter && <Footer />}
      {shortcuts !== 'never' && (
        <Suspense fallback={null}>
          <ShortcutDialog open={shortcuts === 'open'} onClose={() => setShortcuts('closed')} />
        </Suspense>
      )}
      {loginModal.open && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
