import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.js';
import { t } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { logout } from '../api/session.js';

/** /logout (doc 1 §4): calls the server, clears user and token, goes home. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    void logout().finally(() => {
      if (done) return;
      done = true;
      notify.success(t('account:Logout_success'));
      navigate('/home', { replace: true });
    });
    return () => {
      done = true;
    };
  }, [navigate]);
  return <PageLoading />;
}
