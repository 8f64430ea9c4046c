import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { session } from '../../../lib/session.js';
import { useResetPassword } from '../api/reset-password.js';
import { accountRules } from '../components/rules.js';

interface Values {
  username: string;
  password: string;
  passwordAgain: string;
}

/**
 * /reset-password?username&code (doc 1 §2.4, §5): username (must exist), password, password again. Success
 * shows Your_password_has_been_reset, goes home and opens the login modal.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const code = params.get('code') ?? '';

  const onFinish = async (v: Values) => {
    try {
      await reset.mutateAsync({ username: v.username.trim(), password: v.password, code });
      notify.success(t('common:Your_password_has_been_reset'));
      navigate('/home');
      session.openLoginModal('Login');
    } catch {
      // message shown by the api client
    }
  };

  return (
    <div className="oj-page" style={{ maxWidth: 480 }}>
      <Card title={t('Reset_password')}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ username: params.get('username') ?? '' }}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Form.Item name="username" label={t('Username')} rules={rules.existingUsername}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('New_password')} rules={rules.password}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordAgain"
            label={t('Password_again')}
            dependencies={['password']}
            rules={rules.passwordAgain(form)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} disabled={!code}>
            {t('Reset_password')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
