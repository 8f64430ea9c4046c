import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** The problem's examples shown to users (doc 3 §3): input / output pairs, at most 2 (doc 3 §9). */
export function ExamplesField() {
  const { t } = useTranslation('adminProblem');
  return (
    <Form.List name="examples">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f, i) => (
            <Card
              key={f.key}
              size="small"
              title={t('Example_n', { n: i + 1 })}
              style={{ marginBottom: 12 }}
              extra={
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common:Delete')}
                  onClick={() => remove(f.name)}
                />
              }
            >
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item name={[f.name, 'input']} label={t('Example_input')}>
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 10 }}
                      style={{ fontFamily: 'monospace' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[f.name, 'output']} label={t('Example_output')}>
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 10 }}
                      style={{ fontFamily: 'monospace' }}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= LIMITS.examplesMax}
            onClick={() => add({ input: '', output: '' })}
            style={{ marginBottom: 16 }}
          >
            {t('Add_example')} ({fields.length}/{LIMITS.examplesMax})
          </Button>
        </>
      )}
    </Form.List>
  );
}
