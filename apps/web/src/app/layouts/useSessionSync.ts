import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshRolesOnStart } from '../../features/account/api/session.js';
import { onAdminPath } from '../../lib/navigation.js';
import { session } from '../../lib/session.js';

/**
 * Token sync of doc 1 §2.2: when the tab becomes visible again, adopt a token changed in another tab; if it was
 * removed, clear the user and go to /admin/login (admin paths) or /home. Also refreshes the roles once on mount.
 */
export function useSessionSync(): void {
  const navigate = useNavigate();
  useEffect(() => {
    void refreshRolesOnStart();
  }, []);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (session.syncFromStorage() === 'removed') {
        session.clear();
        navigate(onAdminPath() ? '/admin/login' : '/home');
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [navigate]);
}
