import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideVerify } from '../../../components/SlideVerify.js';
import { navigateTo } from '../../../lib/navigation.js';
import { notify } from '../../../lib/notify.js';
import { session } from '../../../lib/session.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useLogin } from '../api/login.js';
import { LoginCaptchaItem, useLoginCaptcha } from './LoginCaptcha.js';
import { ModeLink } from './ModeLink.js';
import { accountRules } from './rules.js';

/** Failed logins in this page session; from 5 the slide-verify puzzle is required (doc 1 §4). */
let failures = 0;

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

/**
 * Login form of the sign-in modal: username, password; slide-verify after 5 failures (doc 1 §4); the server's
 * image captcha when the server asks for one (useLoginCaptcha); welcome back on success, then the page a guard
 * turned the visitor away from. "Register now" only while registration is open (system config).
 */
export function LoginForm() {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  const [form] = Form.useForm<LoginValues>();
  const [failCount, setFailCount] = useState(failures);
  const [verified, setVerified] = useState(false);
  const login = useLogin();
  const serverCaptcha = useLoginCaptcha();
  const needVerify = failCount >= LIMITS.slideVerifyAfterFailures;
  const { register: registerOpen } = useWebsiteConfig();

  const onFinish = async (values: LoginValues) => {
    if (needVerify && !verified) {
      notify.warning(t('Slide_verify_first'));
      return;
    }
    try {
      const user = await login.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        ...serverCaptcha.body(values.captcha),
      });
      serverCaptcha.onResult(null);
      failures = 0;
      setFailCount(0);
      notify.success(t('Welcome_back', { name: user.nickname || user.username }));
      const { returnTo } = session.get().loginModal;
      session.closeLoginModal();
      if (returnTo) navigateTo(returnTo);
    } catch (e) {
      serverCaptcha.onResult(e);
      form.setFieldValue('captcha', '');
      failures += 1;
      setFailCount(failures);
      setVerified(false);
    }
  };

  return (
    <Form form={form} onFinish={onFinish} size="large" data-testid="login-form">
      <Form.Item name="username" rules={rules.loginUsername}>
        <Input prefix={<UserOutlined />} placeholder={t('Enter_username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={rules.loginPassword}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('Enter_password')}
          autoComplete="current-password"
        />
      </Form.Item>
      {serverCaptcha.needed && (
        <LoginCaptchaItem captcha={serverCaptcha.captcha} onRefresh={serverCaptcha.refresh} />
      )}
      {needVerify && !verified && <SlideVerify onSuccess={() => setVerified(true)} />}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={login.isPending}
        disabled={needVerify && !verified}
      >
        {t('Sign_in')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
        {registerOpen ? <ModeLink mode="Register">{t('No_account_register')}</ModeLink> : <span />}
        <ModeLink mode="ResetPwd">{t('Forget_password')}</ModeLink>
      </div>
    </Form>
  );
}
