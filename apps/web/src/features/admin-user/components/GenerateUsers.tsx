import { type AdminGenerateUserBody, LIMITS } from '@oj/shared';
import { Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { downloadGenerated, useGenerateUsers } from '../api/admin-user.js';

/**
 * Generate users of /admin/user (doc 3 §5): prefix, suffix, start and end numbers (end not below start), password
 * length 6-25. Creates the accounts, then offers their usernames and passwords as an xlsx download.
 */
export function GenerateUsers() {
  const { t } = useTranslation('adminUser');
  const [form] = Form.useForm<AdminGenerateUserBody>();
  const gen = useGenerateUsers();
  const [key, setKey] = useState<string | null>(null);

  const download = async (k: string) => saveBlob(await downloadGenerated(k), 'users.xlsx');
  const onGenerate = async () => {
    try {
      const v = await form.validateFields();
      const res = await gen.mutateAsync({ ...v, prefix: v.prefix ?? '', suffix: v.suffix ?? '' });
      setKey(res.key);
      notify.success(t('Generated'));
      await download(res.key);
    } catch {
      // field errors show on the form, server refusals in the api client's toast
    }
  };

  const required = (label: string) => ({ required: true, message: t('Field_required', { field: label }) });
  return (
    <Card title={t('Generate_users')} data-testid="generate-users">
      <Form form={form} layout="vertical" initialValues={{ password_length: 8 }}>
        <Space wrap align="start">
          <Form.Item name="prefix" label={t('Prefix')}>
            <Input maxLength={10} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="suffix" label={t('Suffix')}>
            <Input maxLength={10} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="number_from" label={t('Start_number')} rules={[required(t('Start_number'))]}>
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="number_to"
            label={t('End_number')}
            dependencies={['number_from']}
            rules={[
              required(t('End_number')),
              ({ getFieldValue }) => ({
                validator: (_r, v) =>
                  v == null || v >= (getFieldValue('number_from') ?? 0)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('End_before_start'))),
              }),
            ]}
          >
            <InputNumber min={0} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="password_length"
            label={t('Password_length_label')}
            rules={[required(t('Password_length_label'))]}
          >
            <InputNumber
              min={LIMITS.generatedPasswordMin}
              max={LIMITS.generatedPasswordMax}
              precision={0}
              style={{ width: 140 }}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Button type="primary" loading={gen.isPending} onClick={onGenerate}>
            {t('Generate_and_download')}
          </Button>
          {key && <Button onClick={() => void download(key)}>{t('Download_again')}</Button>}
        </Space>
      </Form>
    </Card>
  );
}
