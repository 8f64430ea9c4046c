import { LIMITS, mobileField } from '@oj/shared';
import { Button, Col, Divider, Form, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSession } from '../../../lib/session.js';
import { accountRules } from '../../account/components/rules.js';
import { useCountdown } from '../../account/components/useCountdown.js';
import {
  useChangeEmail,
  useChangeMobile,
  useChangePassword,
  useGetChangeEmailCode,
} from '../api/settings.js';

/**
 * Account settings (doc 1 §2.9, §5): change password (new one must differ), change email with a mailed code (new
 * email must differ from the current one) and change the mobile number (valid, differing, confirmed by the
 * password: the spec asks no SMS code).
 */
export function AccountSettings() {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  const { userInfo } = useSession();
  const [pwdForm] = Form.useForm<{ oldPassword: string; newPassword: string; again: string }>();
  const [mailForm] = Form.useForm<{ password: string; newEmail: string; code: string }>();
  const changePassword = useChangePassword();
  const getCode = useGetChangeEmailCode();
  const changeEmail = useChangeEmail();
  const countdown = useCountdown();
  const [mobileForm] = Form.useForm<{ password: string; newMobile: string }>();
  const changeMobile = useChangeMobile();

  const onPassword = async (v: { oldPassword: string; newPassword: string }) => {
    try {
      await changePassword.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      notify.success(t('common:Update_successfully'));
      pwdForm.resetFields();
    } catch {
      // shown by the api client
    }
  };
  const onSendCode = async () => {
    try {
      await mailForm.validateFields(['newEmail']);
    } catch {
      return;
    }
    countdown.start(LIMITS.registerResendSeconds);
    try {
      await getCode.mutateAsync(String(mailForm.getFieldValue('newEmail')).trim());
      notify.success(t('Register_code_sent'));
    } catch {
      countdown.start(0);
    }
  };
  const onEmail = async (v: { password: string; newEmail: string; code: string }) => {
    try {
      await changeEmail.mutateAsync({
        password: v.password,
        newEmail: v.newEmail.trim(),
        code: v.code.trim(),
      });
      notify.success(t('common:Update_successfully'));
      mailForm.resetFields();
    } catch {
      // shown by the api client
    }
  };

  const onMobile = async (v: { password: string; newMobile: string }) => {
    try {
      await changeMobile.mutateAsync({ password: v.password, newMobile: v.newMobile.trim() });
      notify.success(t('common:Update_successfully'));
      mobileForm.resetFields();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Row gutter={[32, 16]}>
      <Col xs={24} md={12}>
        <Divider orientation="left">{t('Change_password')}</Divider>
        <Form form={pwdForm} layout="vertical" onFinish={onPassword}>
          <Form.Item
            name="oldPassword"
            label={t('Old_password')}
            rules={[{ required: true, message: t('Password_required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('New_password')}
            dependencies={['oldPassword']}
            rules={[
              ...rules.password,
              {
                validator: async (_r, v) => {
                  if (v && v === pwdForm.getFieldValue('oldPassword')) throw new Error(t('New_must_differ'));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="again"
            label={t('Password_again')}
            dependencies={['newPassword']}
            rules={rules.passwordAgain(pwdForm, 'newPassword')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            {t('Change_password')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} md={12}>
        <Divider orientation="left">{t('Change_email')}</Divider>
        <Form form={mailForm} layout="vertical" onFinish={onEmail}>
          <Form.Item label={t('Current_email')}>
            <Input value={userInfo?.email ?? ''} disabled />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('Password')}
            rules={[{ required: true, message: t('Password_required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newEmail"
            label={t('New_email')}
            rules={[
              ...rules.registerEmail.slice(0, 2),
              {
                validator: async (_r, v) => {
                  if (v && v.trim().toLowerCase() === (userInfo?.email ?? '').toLowerCase())
                    throw new Error(t('New_must_differ'));
                },
              },
            ]}
          >
            <Input autoComplete="email" />
          </Form.Item>
          <Form.Item name="code" label={t('Code')} rules={rules.emailCode}>
            <Space.Compact style={{ width: '100%' }}>
              <Input maxLength={LIMITS.emailCodeLength} />
              <Button onClick={onSendCode} disabled={countdown.left > 0} loading={getCode.isPending}>
                {countdown.left > 0 ? t('Resend_in', { s: countdown.left }) : t('Get_code')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changeEmail.isPending}>
            {t('Change_email')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} md={12}>
        <Divider orientation="left">{t('Change_mobile')}</Divider>
        <Form
          form={mobileForm}
          name="mobile"
          layout="vertical"
          onFinish={onMobile}
          data-testid="change-mobile-form"
        >
          <Form.Item label={t('Current_mobile')}>
            <Input value={userInfo?.mobile || t('No_mobile')} disabled data-testid="current-mobile" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('Password')}
            rules={[{ required: true, message: t('Password_required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newMobile"
            label={t('New_mobile')}
            rules={[
              {
                validator: async (_r, v) => {
                  const parsed = mobileField.safeParse(v ?? '');
                  if (!parsed.success)
                    throw new Error(t(String(v ?? '').trim() ? 'Mobile_invalid' : 'Mobile_required'));
                  if (parsed.data === (userInfo?.mobile ?? '')) throw new Error(t('New_must_differ'));
                },
              },
            ]}
          >
            <Input autoComplete="tel" inputMode="tel" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changeMobile.isPending}>
            {t('Change_mobile')}
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
