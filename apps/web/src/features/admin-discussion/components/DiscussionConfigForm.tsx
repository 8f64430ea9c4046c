import type { SetSwitchConfigBody } from '@oj/shared';
import { Button, Col, Form, InputNumber, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSwitchInfo, useUpdateSwitch } from '../../admin/api/admin-config.js';

/** The discussion limits of doc 3 System Config "discussion" (doc 2 §6): they bind ordinary users only. */
const LIMIT_FIELDS = [
  'defaultCreateDiscussionACInitValue',
  'defaultCreateDiscussionDailyLimit',
  'defaultCreateCommentACInitValue',
  'commentLimitPerThreadPerMinute',
  'commentLimitPerMinute',
] as const;

type Values = Pick<SetSwitchConfigBody, (typeof LIMIT_FIELDS)[number]>;

/**
 * The "discussion" part of System Config: AC count needed to post, posts per day, AC count needed to comment,
 * and the comment rate limit (comments and replies a minute, in one discussion or contest and in all).
 * Saved through the switch section (PUT /api/admin/switch/update), so the Switch page shows the same values.
 * The on/off switches of public discussion and contest comments are in the website part.
 */
export function DiscussionConfigForm() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const q = useSwitchInfo();
  const save = useUpdateSwitch();
  useEffect(() => {
    if (q.data) form.setFieldsValue(Object.fromEntries(LIMIT_FIELDS.map((f) => [f, q.data[f]])));
  }, [q.data, form]);

  const onFinish = async (v: Values) => {
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
      data-testid="discussion-config-form"
    >
      <Row gutter={16}>
        {LIMIT_FIELDS.map((f) => (
          <Col xs={24} sm={12} md={8} key={f}>
            <Form.Item name={f} label={t(`switch.${f}`)} rules={[{ required: true, message: t('Required') }]}>
              <InputNumber
                min={f.startsWith('comment') ? 1 : 0}
                precision={0}
                style={{ width: '100%' }}
                data-testid={`discussion-config-${f}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="discussion-config-save">
        {t('common:Save')}
      </Button>
    </Form>
  );
}
