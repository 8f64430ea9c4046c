import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The file-list editor of doc 3 "Translation and helpers": extra files (name + content) for the user's program
 * or for the judge, edited as a Form.List under `name`.
 */
export function ExtraFilesField({
  name,
  label,
}: {
  name: 'userExtraFiles' | 'judgeExtraFiles';
  label: string;
}) {
  const { t } = useTranslation('adminProblem');
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((f) => (
              <Card
                key={f.key}
                size="small"
                styles={{ body: { padding: 8 } }}
                title={
                  <Form.Item name={[f.name, 'name']} noStyle>
                    <Input placeholder={t('File_name')} style={{ maxWidth: 260 }} />
                  </Form.Item>
                }
                extra={
                  <Button
                    size="small"
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('common:Delete')}
                    onClick={() => remove(f.name)}
                  />
                }
              >
                <Form.Item name={[f.name, 'content']} noStyle>
                  <Input.TextArea
                    autoSize={{ minRows: 3, maxRows: 12 }}
                    placeholder={t('File_content')}
                    style={{ fontFamily: 'monospace' }}
                  />
                </Form.Item>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', content: '' })}>
              {t('Add_file')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
