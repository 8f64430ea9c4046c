import { LIMITS, type RegisterBody } from '@oj/shared';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { session } from '../../../lib/session.js';
import { useGetRegisterCode, useRegister } from '../api/register.js';
import { ModeLink } from './ModeLink.js';
import { accountRules } from './rules.js';
import { useCountdown } from './useCountdown.js';

type Values = RegisterBody & { passwordAgain: string };

/**
 * Register form of the sign-in modal (doc 1 §2.4, §5): username and email checked on blur, email code with a
 * 60 s countdown, password and confirmation. Success thanks the user and switches to Login.
 */
export function RegisterForm() {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  const [form] = Form.useForm<Values>();
  const sendCode = useGetRegisterCode();
  const register = useRegister();
  const countdown = useCountdown();

  const onSendCode = async () => {
    const email = form.getFieldValue('email') as string | undefined;
    if (!rules.isEmail(email)) {
      form.setFields([{ name: 'email', errors: [t('Email_format_error')] }]);
      notify.error(t('Email_format_error'));
      return;
    }
    countdown.start(LIMITS.registerResendSeconds);
    try {
      await sendCode.mutateAsync(email!.trim());
      notify.success(t('Register_code_sent'));
    } catch {
      countdown.start(0);
    }
  };

  const onFinish = async (v: Values) => {
    try {
      await register.mutateAsync({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
        code: v.code.trim(),
      });
      notify.success(t('Thanks_for_registering'));
      session.setLoginMode('Login');
    } catch {
      // the api client showed the server message
    }
  };

  return (
    <Form
      form={form}
      onFinish={onFinish}
      size="large"
      data-testid="register-form"
      validateTrigger={['onChange', 'onBlur']}
    >
      <Form.Item name="username" rules={rules.registerUsername}>
        <Input placeholder={t('Enter_username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="email" rules={rules.registerEmail}>
        <Input placeholder={t('Enter_email')} autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password placeholder={t('Enter_password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="passwordAgain" dependencies={['password']} rules={rules.passwordAgain(form)}>
        <Input.Password placeholder={t('Enter_password_again')} autoComplete="new-password" />
      </Form.Item>
      {/* The rules sit on the input alone (noStyle item): leaving the Get code button does not validate an
          empty code, and the code is checked when it loses focus, not while it is typed. */}
      <Form.Item required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={rules.emailCode} noStyle validateTrigger="onBlur">
            <Input
              placeholder={t('Enter_code')}
              maxLength={LIMITS.emailCodeLength}
              autoComplete="one-time-code"
              data-testid="register-code"
            />
          </Form.Item>
          <Button
            onClick={onSendCode}
            disabled={countdown.left > 0}
            loading={sendCode.isPending}
            data-testid="send-register-code"
          >
            {countdown.left > 0 ? t('Resend_in', { s: countdown.left }) : t('Get_code')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        {t('Sign_up')}
      </Button>
      <ModeLink mode="Login" style={{ marginTop: 12 }}>
        {t('Have_account_login')}
      </ModeLink>
    </Form>
  );
}
