import { LIMITS } from '@oj/shared';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../../lib/session.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { LoginForm } from './LoginForm.js';
import { RegisterForm } from './RegisterForm.js';
import { ResetForm } from './ResetForm.js';

/**
 * THE sign-in modal (doc 1 §2.4): one modal, three modes; the title is the mode's name plus the site's short
 * name; 370 px wide. Opened through `session.openLoginModal(mode)`.
 */
export default function LoginModal() {
  const { t } = useTranslation('account');
  const { loginModal } = useSession();
  const { shortName } = useWebsiteConfig();
  const title = `${t(`Mode_${loginModal.mode}`)} - ${shortName}`;
  return (
    <Modal
      open={loginModal.open}
      title={title}
      width={LIMITS.loginModalWidthPx}
      footer={null}
      onCancel={() => session.closeLoginModal()}
      destroyOnHidden
      maskClosable={false}
      rootClassName="oj-login-modal"
      styles={{ content: { padding: '20px 16px' } }}
    >
      <div style={{ paddingTop: 8 }}>
        {loginModal.mode === 'Login' && <LoginForm />}
        {loginModal.mode === 'Register' && <RegisterForm />}
        {loginModal.mode === 'ResetPwd' && <ResetForm />}
      </div>
    </Modal>
  );
}
