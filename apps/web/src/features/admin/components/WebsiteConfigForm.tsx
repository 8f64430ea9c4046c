import type { SetWebConfigBody } from '@oj/shared';
import { Button, Col, Form, Input, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSetWebConfig, useWebConfig } from '../api/admin-config.js';

const TEXT_FIELDS = [
  'baseUrl',
  'name',
  'shortName',
  'recordName',
  'recordUrl',
  'projectName',
  'projectUrl',
] as const;
const FLAGS = ['register', 'openPublicDiscussion', 'openGroupDiscussion', 'openContestComment'] as const;

/** Website section of System Config (doc 3): names, links, registration and the three discussion switches. */
export function WebsiteConfigForm() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<SetWebConfigBody>();
  const q = useWebConfig();
  const save = useSetWebConfig();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const onFinish = async (v: SetWebConfigBody) => {
    try {
      await save.mutateAsync(v);
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={q.isLoading}
      data-testid="web-config-form"
    >
      <Row gutter={16}>
        {TEXT_FIELDS.map((f) => (
          <Col xs={24} md={12} key={f}>
            <Form.Item
              name={f}
              label={t(`web.${f}`)}
              rules={
                f === 'name' || f === 'shortName'
                  ? [{ required: true, whitespace: true, message: t('Required') }]
                  : []
              }
            >
              <Input data-testid={`web-${f}`} />
            </Form.Item>
          </Col>
        ))}
        <Col span={24}>
          <Form.Item name="description" label={t('web.description')}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Col>
        {FLAGS.map((f) => (
          <Col xs={12} md={6} key={f}>
            <Form.Item name={f} label={t(`web.${f}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="web-config-save">
        {t('common:Save')}
      </Button>
    </Form>
  );
}
