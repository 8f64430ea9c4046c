import { Col, Divider, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const LIMITS = ['loginLimitPerMinute', 'accountLimitPerMinute', 'mailLimitPerMinute'] as const;
const TRUSTED_LIMITS = [
  'trustedLoginLimitPerMinute',
  'trustedAccountLimitPerMinute',
  'trustedMailLimitPerMinute',
] as const;

/**
 * The per-address request limits and trusted address ranges of the switch section (issue 22 item 4;
 * docs/security.md), as fields of the enclosing Switch form: limits are requests a minute (1 to 100,000); ranges
 * are CIDR (`10.20.0.0/16`), checked by the server (400 naming `trustedRanges[i]`).
 */
export default function AddressLimitsFields() {
  const { t } = useTranslation('admin');
  const limit = (f: string) => (
    <Col xs={24} sm={12} md={8} key={f}>
      <Form.Item name={f} label={t(`switch.${f}`)} rules={[{ required: true, message: t('Required') }]}>
        <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Divider orientation="left">{t('switch.addressLimits')}</Divider>
      <Typography.Paragraph type="secondary">{t('switch.addressLimitsHint')}</Typography.Paragraph>
      <Row gutter={16}>{LIMITS.map(limit)}</Row>
      <Form.Item name="trustedRanges" label={t('switch.trustedRanges')} extra={t('switch.trustedRangesHint')}>
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="10.20.0.0/16" />
      </Form.Item>
      <Row gutter={16}>{TRUSTED_LIMITS.map(limit)}</Row>
    </>
  );
}
