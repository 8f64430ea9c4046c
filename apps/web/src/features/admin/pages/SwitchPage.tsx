import type { SetSwitchConfigBody } from '@oj/shared';
import { Button, Card, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSwitchInfo, useUpdateSwitch } from '../api/admin-config.js';
import AddressLimitsFields from '../components/AddressLimitsFields.js';

const FLAGS = [
  'openPublicJudge',
  'openGroupJudge',
  'openContestJudge',
  'hideNonContestSubmissionCode',
] as const;
const NUMBERS = [
  'defaultSubmitInterval',
  'defaultCreateDiscussionACInitValue',
  'defaultCreateDiscussionDailyLimit',
  'defaultCreateCommentACInitValue',
  'defaultCreateGroupACInitValue',
  'defaultCreateGroupDailyLimit',
  'defaultCreateGroupLimit',
] as const;

/**
 * /admin/switch (doc 3; super admin): judge switches, submit interval (s), community limits, and the per-address
 * request limits with trusted address ranges (AddressLimitsFields).
 */
export default function SwitchPage() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<SetSwitchConfigBody>();
  const q = useSwitchInfo();
  const save = useUpdateSwitch();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const onFinish = async (v: SetSwitchConfigBody) => {
    try {
      await save.mutateAsync(v);
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };

  return (
    <Card title={t('Switch')}>
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={q.isLoading}>
        <Row gutter={16}>
          {FLAGS.map((f) => (
            <Col xs={12} md={6} key={f}>
              <Form.Item name={f} label={t(`switch.${f}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          {NUMBERS.map((f) => (
            <Col xs={24} sm={12} md={8} key={f}>
              <Form.Item
                name={f}
                label={t(`switch.${f}`)}
                rules={[{ required: true, message: t('Required') }]}
              >
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <AddressLimitsFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:Save')}
        </Button>
      </Form>
    </Card>
  );
}
