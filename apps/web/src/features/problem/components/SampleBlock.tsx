import { CopyOutlined } from '@ant-design/icons';
import { Button, Col, Row, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Example } from '../api/types.js';
import { copyText } from '../lib/clipboard.js';

const pre: React.CSSProperties = {
  background: 'var(--oj-bg-code)',
  border: '1px solid var(--oj-border)',
  borderRadius: 4,
  padding: '8px 10px',
  margin: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'monospace',
  fontSize: 13,
  minHeight: 36,
};

function Box({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation('problem');
  return (
    <div>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 4 }}
      >
        <strong>{title}</strong>
        <Tooltip title={t('Copy')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            onClick={() => void copyText(text)}
            aria-label={`${t('Copy')} ${title}`}
          />
        </Tooltip>
      </div>
      <pre style={pre} data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}

/** One sample (doc 2 §2.2): input and output side by side (stacked on narrow screens), each with a copy button. */
export function SampleBlock({ example, index }: { example: Example; index: number }) {
  const { t } = useTranslation('problem');
  return (
    <Row gutter={[12, 8]} style={{ marginBottom: 12 }}>
      <Col xs={24} md={12}>
        <Box title={t('Sample_Input_n', { n: index + 1 })} text={example.input} testId="sample-input" />
      </Col>
      <Col xs={24} md={12}>
        <Box title={t('Sample_Output_n', { n: index + 1 })} text={example.output} testId="sample-output" />
      </Col>
    </Row>
  );
}
