import { TLE_RECHECK_MARGIN, TLE_RECHECK_MODES } from '@oj/shared';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The problem's borderline TLE re-check (issue 29 part 3; docs/judging.md): a switch (the site's default from the
 * Switch config, on, off) and a margin in whole percent of the time limit (empty = the site's margin). A case
 * whose CPU time lands within the margin above the limit is run once more before TLE is final.
 */
export function TleRecheckFields() {
  const { t } = useTranslation('adminProblem');
  const form = Form.useFormInstance();
  const mode: string = Form.useWatch('tleRecheck', form) ?? 'default';
  return (
    <Row gutter={12} data-testid="tle-recheck-fields">
      <Col xs={24} md={12}>
        <Form.Item name="tleRecheck" label={t('Tle_recheck')} extra={t('Tle_recheck_hint')}>
          <Select
            data-testid="tle-recheck-mode"
            options={TLE_RECHECK_MODES.map((m) => ({ value: m, label: t(`Tle_recheck_${m}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="tleRecheckMargin"
          label={t('Tle_recheck_margin')}
          extra={t('Tle_recheck_margin_hint')}
        >
          <InputNumber
            min={TLE_RECHECK_MARGIN.min}
            max={TLE_RECHECK_MARGIN.max}
            precision={0}
            suffix="%"
            disabled={mode === 'off'}
            placeholder={t('Tle_recheck_margin_site')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
