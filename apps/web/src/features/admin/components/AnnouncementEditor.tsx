import type { AnnouncementItem } from '@oj/shared';
import { Form, Input, Modal, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.js';

/**
 * Create / edit dialog for an announcement (doc 3), the site's and a contest's: title and a markdown textarea with
 * a preview tab.
 * `onSave` gets the trimmed values; the dialog stays open while it runs.
 */
export function AnnouncementEditor({
  open,
  initial,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The announcement being edited (title and content are all the dialog reads); null to create one. */
  initial: Pick<AnnouncementItem, 'title' | 'content'> | null;
  saving: boolean;
  onSave: (v: { title: string; content: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ title: string; content: string }>();
  const content = Form.useWatch('content', form) ?? '';
  useEffect(() => {
    if (open) form.setFieldsValue({ title: initial?.title ?? '', content: initial?.content ?? '' });
  }, [open, initial, form]);

  return (
    <Modal
      open={open}
      title={initial ? t('Edit_announcement') : t('Create_announcement')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      width={760}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => onSave({ title: v.title.trim(), content: v.content })}
      >
        <Form.Item
          name="title"
          label={t('Title')}
          rules={[{ required: true, whitespace: true, message: t('Required') }, { max: 255 }]}
        >
          <Input />
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'edit',
              label: t('Content'),
              children: (
                <Form.Item
                  name="content"
                  rules={[{ required: true, whitespace: true, message: t('Required') }]}
                >
                  <Input.TextArea rows={12} placeholder={t('Markdown_hint')} />
                </Form.Item>
              ),
            },
            { key: 'preview', label: t('Preview'), children: <Markdown source={content} /> },
          ]}
        />
      </Form>
    </Modal>
  );
}
