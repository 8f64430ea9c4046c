import { LIMITS } from '@oj/shared';
import { Alert, Col, Form, Input, InputNumber, Row, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountLimitPreview } from '../lib/form-model.js';

/**
 * The account limit (doc 3 §3, §5): prefix, suffix, start and end numbers, extra accounts, and a preview of the
 * admitted usernames shown only when start is not greater than end.
 */
export function AccountLimitFields() {
  const { t } = useTranslation('adminContest');
  const form = Form.useFormInstance();
  const on = Form.useWatch('openAccountLimit', form) as boolean | undefined;
  const prefix = Form.useWatch('limitPrefix', form) ?? '';
  const suffix = Form.useWatch('limitSuffix', form) ?? '';
  const start = Form.useWatch('limitStart', form) ?? 0;
  const end = Form.useWatch('limitEnd', form) ?? 0;
  const extra = Form.useWatch('limitExtra', form) ?? '';
  const preview = on ? accountLimitPreview({ prefix, suffix, start, end, extra }) : null;
  return (
    <>
      <Form.Item name="openAccountLimit" label={t('Account_limit')} valuePropName="checked">
        <Switch data-testid="account-limit" />
      </Form.Item>
      {on && (
        <>
          <Row gutter={12}>
            <Col xs={12} md={6}>
              <Form.Item name="limitPrefix" label={t('Prefix')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="limitSuffix" label={t('Suffix')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="limitStart" label={t('Start_number')}>
                <InputNumber min={0} max={LIMITS.rankOrderMax} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="limitEnd" label={t('End_number')}>
                <InputNumber min={0} max={LIMITS.rankOrderMax} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="limitExtra" label={t('Extra_accounts')} tooltip={t('Extra_accounts_tip')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          {preview ? (
            <div data-testid="account-limit-preview" style={{ marginBottom: 16 }}>
              <span style={{ marginRight: 8 }}>{t('Preview')}:</span>
              {[...new Set(preview.names)].map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
              {preview.more > 0 && <span>{t('And_n_more', { n: preview.more })}</span>}
            </div>
          ) : (
            <Alert type="warning" showIcon message={t('Start_after_end')} style={{ marginBottom: 16 }} />
          )}
        </>
      )}
    </>
  );
}
