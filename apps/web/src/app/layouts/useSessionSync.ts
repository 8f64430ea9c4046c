import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshSessionUser } from '../../features/account/api/session.js';
import { onAdminPath } from '../../lib/navigation.js';
import { session } from '../../lib/session.js';

/**
 * Token sync of doc 1 §2.2: when the tab becomes visible again, adopt a token changed in another tab; if it was
 * removed, clear the user and go to /admin/login (admin paths) or /home. Refreshes the user info and roles on mount
 * and whenever the tab is shown or the window focused (an avatar uploaded on another device shows in the header).
 */
export function useSessionSync(): void {
  const navigate = useNavigate();
  useEffect(() => {
    void refreshSessionUser();
  }, []);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (session.syncFromStorage() === 'removed') {
        session.clear();
        navigate(onAdminPath() ? '/admin/login' : '/home');
        return;
      }
      void refreshSessionUser();
    };
    const onFocus = () => void refreshSessionUser();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [navigate]);
}
