import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TrainingCategoryVo } from '@oj/shared';
import { Button, Card, ColorPicker, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useTrainingCategories } from '../../training/api/training.js';
import { CategoryTag } from '../../training/components/TrainingTags.js';
import { useDeleteCategory, useSaveCategory } from '../api/admin-training.js';

const DEFAULT_COLOR = '#409EFF';

/** /admin/training/category (doc 3 training category admin): the categories with name and colour; add, edit, remove. */
export default function CategoryPage() {
  const { t } = useTranslation(['adminTraining', 'training']);
  const list = useTrainingCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<number | undefined>();
  const [form] = Form.useForm<{ name: string; color: string }>();

  const onFinish = (v: { name: string; color: unknown }) => {
    const color =
      typeof v.color === 'string'
        ? v.color
        : ((v.color as { toHexString?: () => string })?.toHexString?.() ?? DEFAULT_COLOR);
    save.mutate(
      { id: editing, name: v.name, color },
      {
        onSuccess: () => {
          notify.success(t(editing ? 'Update_successfully' : 'Create_successfully'));
          setEditing(undefined);
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('Category_admin')}>
      <Form
        form={form}
        layout="inline"
        onFinish={onFinish}
        initialValues={{ color: DEFAULT_COLOR }}
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="category-form"
      >
        <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('Name_required') }]}>
          <Input placeholder={t('Category_name')} maxLength={100} data-testid="category-name" />
        </Form.Item>
        <Form.Item name="color">
          <ColorPicker format="hex" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="category-save">
            {t(editing ? 'Save' : 'Add')}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(undefined);
                form.resetFields();
              }}
            >
              {t('Cancel')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<TrainingCategoryVo>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        data-testid="category-list"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('Category_name'),
            key: 'name',
            render: (_: unknown, r) => <CategoryTag name={r.name} color={r.color} />,
          },
          { title: t('Color'), dataIndex: 'color' },
          {
            title: t('Actions'),
            key: 'act',
            render: (_: unknown, r) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('Edit')}
                  onClick={() => {
                    setEditing(r.id);
                    form.setFieldsValue({ name: r.name, color: r.color });
                  }}
                />
                <Popconfirm
                  title={t('Delete_category_confirm')}
                  onConfirm={() =>
                    remove.mutate(r.id, { onSuccess: () => notify.success(t('Delete_successfully')) })
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
