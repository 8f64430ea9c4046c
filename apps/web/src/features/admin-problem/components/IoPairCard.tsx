import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One input / output pair of a Form.List (an example or a typed test case): two monospace text areas side by
 * side, a delete button, and `children` below. `testId` names the text areas for browser tests.
 */
export function IoPairCard(props: {
  name: number;
  title: string;
  inputLabel: string;
  outputLabel: string;
  onRemove: () => void;
  itemStyle?: CSSProperties;
  testId?: (side: 'input' | 'output') => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('adminProblem');
  const side = (key: 'input' | 'output', label: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={[props.name, key]} label={label} style={props.itemStyle}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 10 }}
          style={{ fontFamily: 'monospace' }}
          data-testid={props.testId?.(key)}
        />
      </Form.Item>
    </Col>
  );
  return (
    <Card
      size="small"
      title={props.title}
      style={{ marginBottom: 12 }}
      extra={
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('common:Delete')}
          onClick={props.onRemove}
        />
      }
    >
      <Row gutter={12}>
        {side('input', props.inputLabel)}
        {side('output', props.outputLabel)}
      </Row>
      {props.children}
    </Card>
  );
}
