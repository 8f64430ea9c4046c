import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.js';
import { notify } from '../../../lib/notify.js';
import { logout } from '../api/session.js';

/** /logout (doc 1 §4): calls the server, clears user and token, goes home. */
export default function LogoutPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    void logout().finally(() => {
      if (done) return;
      done = true;
      notify.success(t('Logout_success'));
      navigate('/home', { replace: true });
    });
    return () => {
      done = true;
    };
  }, [navigate, t]);
  return <PageLoading />;
}
