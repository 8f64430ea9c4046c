import { Form, Grid, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../../components/MarkdownEditor.js';
import { uploadMdFile, uploadMdImage } from '../../discussion/api/discussion.js';
import type { Notice, NoticeInput } from '../api/admin-notice.js';

type Values = Omit<NoticeInput, 'id'>;

/**
 * The create / edit dialog of a notice (doc 3 "Notification"): title, recipients (all users, named users, admins;
 * usernames typed for named users) and the markdown content with image upload.
 */
export function NoticeEditor({
  open,
  initial,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: Notice | null;
  saving: boolean;
  onSave: (v: Values) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminNotice');
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const narrow = !(Grid.useBreakpoint().md ?? true);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            title: initial.title,
            content: initial.content,
            type: initial.type,
            recipients: initial.recipients ?? [],
          }
        : { title: '', content: '', type: 'All', recipients: [] },
    );
  }, [open, initial, form]);

  return (
    <Modal
      open={open}
      title={initial ? t('Edit_notice') : t('Create_notice')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      okButtonProps={{ 'data-testid': 'notice-save' }}
      width={narrow ? '100%' : 960}
      style={narrow ? { top: 0, maxWidth: '100vw' } : undefined}
      maskClosable={false}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          onSave({
            title: v.title.trim(),
            content: v.content,
            type: v.type,
            recipients: v.type === 'Single' ? v.recipients : [],
          })
        }
      >
        <Form.Item
          name="title"
          label={t('Title')}
          rules={[{ required: true, whitespace: true, message: t('Required') }, { max: 255 }]}
        >
          <Input data-testid="notice-title" />
        </Form.Item>
        <Form.Item name="type" label={t('Recipients')}>
          <Radio.Group
            data-testid="notice-type"
            options={[
              { value: 'All', label: t('recipient.All') },
              { value: 'Single', label: t('recipient.Single') },
              { value: 'Admin', label: t('recipient.Admin') },
            ]}
          />
        </Form.Item>
        {type === 'Single' && (
          <Form.Item
            name="recipients"
            label={t('Usernames')}
            rules={[{ required: true, type: 'array', min: 1, message: t('Usernames_required') }]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="notice-recipients" />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('Content')}
          rules={[{ required: true, whitespace: true, message: t('Required') }, { max: 65535 }]}
        >
          <MarkdownEditor
            rows={8}
            toolbar
            onUploadImage={async (file, onProgress) => (await uploadMdImage(file, null, onProgress)).link}
            onUploadFile={async (file, onProgress) => (await uploadMdFile(file, null, onProgress)).link}
            data-testid="notice-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
