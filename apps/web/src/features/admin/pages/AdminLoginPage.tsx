import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toggleLanguage } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';
import { LoginCaptchaItem, useLoginCaptcha } from '../../account/components/LoginCaptcha.js';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useAdminLogin } from '../api/admin-session.js';

/**
 * /admin/login (doc 3): the separate admin login. Success shows Admin_Login_Success and opens the dashboard;
 * a non-admin account is refused with the server's message; the server's captcha shows when it asks for one.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation(['admin', 'account']);
  const navigate = useNavigate();
  const config = useWebsiteConfig();
  const login = useAdminLogin();
  const serverCaptcha = useLoginCaptcha();
  const [form] = Form.useForm<{ username: string; password: string; captcha?: string }>();

  const onFinish = async (v: { username: string; password: string; captcha?: string }) => {
    try {
      await login.mutateAsync({
        username: v.username.trim(),
        password: v.password,
        ...serverCaptcha.body(v.captcha),
      });
      serverCaptcha.onResult(null);
      notify.success(t('Admin_Login_Success'));
      navigate('/admin');
    } catch (e) {
      // the api client showed the server's message; a captcha may be asked for next
      serverCaptcha.onResult(e);
      form.setFieldValue('captcha', '');
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #001529 0%, #1677ff 100%)',
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          <button
            type="button"
            className="oj-plain-button"
            onClick={toggleLanguage}
            title={t('common:Toggle_language')}
          >
            {config.shortName}
          </button>{' '}
          · {t('Admin_login')}
        </Typography.Title>
        <Form form={form} onFinish={onFinish} size="large">
          <Form.Item
            name="username"
            rules={[
              { required: true, whitespace: true, message: t('account:Username_required') },
              { max: LIMITS.usernameMax, message: t('account:Username_max', { max: LIMITS.usernameMax }) },
            ]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('account:Enter_username')}
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('account:Password_required') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('account:Enter_password')}
              autoComplete="current-password"
            />
          </Form.Item>
          {serverCaptcha.needed && (
            <LoginCaptchaItem captcha={serverCaptcha.captcha} onRefresh={serverCaptcha.refresh} />
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('account:Sign_in')}
          </Button>
        </Form>
        <Button type="link" block onClick={() => navigate('/home')} style={{ marginTop: 8 }}>
          {t('Site_home')}
        </Button>
      </Card>
    </div>
  );
}
