import { emailField, type SetEmailConfigBody } from '@oj/shared';
import { Button, Col, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useEmailConfig, useSetEmailConfig, useTestEmail } from '../api/admin-config.js';

/**
 * Email (SMTP) section of System Config (doc 3): host, port, username, password (never shown; blank keeps the
 * stored one), SSL, sender; a test-mail button sends to the given address with the saved settings.
 */
export function EmailConfigForm() {
  const { t } = useTranslation(['admin', 'account']);
  const [form] = Form.useForm<SetEmailConfigBody>();
  const q = useEmailConfig();
  const save = useSetEmailConfig();
  const test = useTestEmail();
  const [testTo, setTestTo] = useState('');
  useEffect(() => {
    if (q.data) {
      const { hasPassword: _h, ...rest } = q.data;
      form.setFieldsValue({ ...rest, password: '' });
    }
  }, [q.data, form]);

  const onFinish = async (v: SetEmailConfigBody) => {
    const body: SetEmailConfigBody = { ...v };
    if (!body.password) delete body.password;
    try {
      await save.mutateAsync(body);
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };
  const onTest = async () => {
    if (!emailField.safeParse(testTo).success) {
      notify.error(t('account:Email_format_error'));
      return;
    }
    try {
      await test.mutateAsync(testTo.trim());
      notify.success(t('Test_mail_sent'));
    } catch {
      // shown by the api client
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} disabled={q.isLoading}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="host" label={t('email.host')} extra={t('email.host_hint')}>
            <Input data-testid="email-host" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="port" label={t('email.port')}>
            <InputNumber min={0} max={65535} style={{ width: '100%' }} data-testid="email-port" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="ssl" label={t('email.ssl')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="username" label={t('email.username')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('email.password')}
            extra={q.data?.hasPassword ? t('email.password_kept') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="from" label={t('email.from')}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:Save')}
        </Button>
        <Space.Compact>
          <Input
            placeholder={t('email.test_to')}
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
            disabled={false}
            style={{ width: 220 }}
          />
          <Button onClick={() => void onTest()} loading={test.isPending} disabled={false}>
            {t('email.send_test')}
          </Button>
        </Space.Compact>
      </Space>
    </Form>
  );
}
