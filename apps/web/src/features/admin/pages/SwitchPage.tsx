import { type SetSwitchConfigBody, TLE_RECHECK_MARGIN } from '@oj/shared';
import { Button, Card, Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
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
// The discussion and comment limits are edited in one place only, System Config's discussion part (doc 3 "Site
// config … discussion and group limits"; DiscussionConfigForm), not here too (issue 25 #14).
const NUMBERS = [
  'defaultSubmitInterval',
  'defaultCreateGroupACInitValue',
  'defaultCreateGroupDailyLimit',
  'defaultCreateGroupLimit',
] as const;

/**
 * /admin/switch (doc 3; super admin): judge switches, the borderline TLE re-check's site default (on / off and
 * margin %, docs/judging.md), submit interval (s), group limits, and the per-address request limits with trusted
 * address ranges (AddressLimitsFields). Discussion limits: System Config.
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
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={q.isLoading}
        data-testid="switch-form"
      >
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
        <Row gutter={16} data-testid="switch-tle-recheck">
          <Col xs={12} md={6}>
            <Form.Item name="tleRecheck" label={t('switch.tleRecheck')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="tleRecheckMarginPercent"
              label={t('switch.tleRecheckMarginPercent')}
              rules={[{ required: true, message: t('Required') }]}
            >
              <InputNumber
                min={TLE_RECHECK_MARGIN.min}
                max={TLE_RECHECK_MARGIN.max}
                precision={0}
                suffix="%"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('switch.tleRecheckHint')}
            </Typography.Text>
          </Col>
        </Row>
        <AddressLimitsFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:Save')}
        </Button>
      </Form>
    </Card>
  );
}
