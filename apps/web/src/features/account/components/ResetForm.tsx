import { LIMITS } from '@oj/shared';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useCaptcha } from '../api/captcha.js';
import { useApplyResetPassword } from '../api/reset-password.js';
import { CaptchaImage } from './CaptchaImage.js';
import { ModeLink } from './ModeLink.js';
import { accountRules } from './rules.js';
import { useCountdown } from './useCountdown.js';

/**
 * Reset-password form of the sign-in modal (doc 1 §2.4, §4, §5): email (must exist), image captcha (click to
 * refresh, refreshed after every attempt); the send button waits 90 s after a send.
 */
export function ResetForm() {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  const [form] = Form.useForm<{ email: string; captcha: string }>();
  const captcha = useCaptcha();
  const apply = useApplyResetPassword();
  const countdown = useCountdown();

  const onFinish = async (v: { email: string; captcha: string }) => {
    if (!captcha.data) return;
    countdown.start(LIMITS.resetResendSeconds);
    try {
      await apply.mutateAsync({
        email: v.email.trim(),
        captcha: v.captcha.trim(),
        captchaKey: captcha.data.captchaKey,
      });
      notify.success(t('Reset_mail_sent'));
    } catch {
      countdown.start(0);
    } finally {
      form.setFieldValue('captcha', '');
      void captcha.refetch();
    }
  };

  return (
    <Form
      form={form}
      onFinish={onFinish}
      size="large"
      data-testid="reset-form"
      validateTrigger={['onChange', 'onBlur']}
    >
      <Form.Item name="email" rules={rules.resetEmail}>
        <Input placeholder={t('Enter_email')} autoComplete="email" />
      </Form.Item>
      <Form.Item name="captcha" rules={rules.captcha}>
        <Space.Compact style={{ width: '100%' }}>
          <Input placeholder={t('Enter_captcha')} maxLength={LIMITS.captchaMax} />
          <CaptchaImage captcha={captcha.data} onRefresh={() => void captcha.refetch()} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={apply.isPending} disabled={countdown.left > 0}>
        {countdown.left > 0 ? t('Resend_in', { s: countdown.left }) : t('Send_reset_mail')}
      </Button>
      <ModeLink mode="Login" style={{ marginTop: 12 }}>
        {t('Back_to_login')}
      </ModeLink>
    </Form>
  );
}
