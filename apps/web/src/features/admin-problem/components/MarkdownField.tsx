import { Col, Input, Row, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { StatementText } from '../../problem/components/StatementText.js';

/**
 * A statement textarea with a live preview beside it (under it on narrow screens), rendered exactly as the problem
 * page renders statements (`StatementText`). Controlled by antd Form (`value` / `onChange`).
 */
export function MarkdownField(props: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  id?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('adminProblem');
  const preview = useDeferredValue(props.value ?? '');
  return (
    <Row gutter={[12, 8]}>
      <Col xs={24} lg={12}>
        <Input.TextArea
          id={props.id}
          data-testid={props['data-testid']}
          value={props.value}
          onChange={(e) => props.onChange?.(e.target.value)}
          autoSize={{ minRows: props.rows ?? 4, maxRows: 18 }}
          placeholder={t('Markdown_hint')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <div
          style={{
            border: '1px dashed #d9d9d9',
            borderRadius: 6,
            padding: '4px 11px',
            minHeight: 40,
            maxHeight: 420,
            overflow: 'auto',
          }}
        >
          {preview.trim() ? (
            <StatementText source={preview} />
          ) : (
            <Typography.Text type="secondary">{t('Preview_empty')}</Typography.Text>
          )}
        </div>
      </Col>
    </Row>
  );
}
