import { LIMITS } from '@oj/shared';
import { Form, Grid, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../../components/MarkdownEditor.js';
import { notify } from '../../../lib/notify.js';
import { isAdminRoles, useSession } from '../../../lib/session.js';
import {
  uploadMdFile,
  uploadMdImage,
  useDiscussionCategories,
  useSaveDiscussion,
} from '../api/discussion.js';
import { useDiscussionScope } from '../api/scope.js';
import type { Discussion, DiscussionInput } from '../api/types.js';
import { useCategoryLabel } from '../lib/category-name.js';

type Values = Omit<DiscussionInput, 'id' | 'pid'>;

/**
 * The post / edit dialog of doc 2 §2.12 (full screen under 768 px): title, description, category, the pin switch
 * for admin roles (in a group: its admins), and the content in the markdown editor with image upload (POST
 * /api/file/upload-md-img) and, for the same people as the pin switch, attachments (POST /api/file/upload-md-file).
 * Limits of doc 2 §5: title and description required, at most 255; category required; content required, at most
 * 65535. `pid` ties a new discussion to a problem (the server prefixes its title with `[pid]`).
 */
export function DiscussionEditor({
  open,
  initial,
  pid,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The discussion to edit; null posts a new one. */
  initial: Discussion | null;
  pid?: string | null;
  onClose: () => void;
  onSaved?: (d: Discussion | null) => void;
}) {
  const { t } = useTranslation('discussion');
  const categoryName = useCategoryLabel();
  const [form] = Form.useForm<Values>();
  const { roles } = useSession();
  const scope = useDiscussionScope();
  // The top switch (doc 3 "Group discussions": admin role only): in a group its admins (super admins included,
  // as the group's access says), elsewhere the admin roles; the server honours it from them only.
  const pins = scope.gid != null ? !!scope.isGroupAdmin : isAdminRoles(roles);
  const categories = useDiscussionCategories();
  const save = useSaveDiscussion(scope.gid);
  const narrow = !(Grid.useBreakpoint().md ?? true);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            title: initial.title,
            description: initial.description,
            categoryId: initial.categoryId ?? undefined,
            content: initial.content ?? '',
            topPriority: initial.topPriority,
          }
        : { title: '', description: '', content: '', topPriority: false },
    );
  }, [open, initial, form]);

  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('Field_required', { field: label }),
  });
  const max = (label: string, n: number) => ({ max: n, message: t('Field_too_long', { field: label, n }) });

  const onFinish = async (v: Values) => {
    try {
      const saved = await save.mutateAsync({
        ...(initial ? { id: initial.id, pid: initial.pid } : { pid: pid ?? null }),
        title: v.title.trim(),
        description: v.description.trim(),
        categoryId: v.categoryId,
        content: v.content,
        ...(pins ? { topPriority: !!v.topPriority } : {}),
      });
      notify.success(initial ? t('common:Update_successfully') : t('Posted_successfully'));
      onSaved?.(saved ?? null);
      onClose();
    } catch {
      // shown by the api client (a refused field is named in its message)
    }
  };

  return (
    <Modal
      open={open}
      title={initial ? t('Edit_discussion') : t('Post_discussion')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={initial ? t('common:Save') : t('Post')}
      cancelText={t('common:Cancel')}
      okButtonProps={{ 'data-testid': 'discussion-editor-submit' }}
      width={narrow ? '100%' : 960}
      style={narrow ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" onFinish={onFinish} data-testid="discussion-editor">
        <Form.Item
          name="title"
          label={t('Title')}
          rules={[required(t('Title')), max(t('Title'), LIMITS.discussionTitleMax)]}
        >
          <Input data-testid="discussion-editor-title" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('Description')}
          rules={[required(t('Description')), max(t('Description'), LIMITS.discussionTitleMax)]}
        >
          <Input data-testid="discussion-editor-description" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="categoryId"
            label={t('Category')}
            rules={[{ required: true, message: t('Field_required', { field: t('Category') }) }]}
            style={{ minWidth: 200, flex: '1 1 200px' }}
          >
            <Select
              data-testid="discussion-editor-category"
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({
                value: c.id,
                label: <span data-user-content>{categoryName(c.name)}</span>,
              }))}
              placeholder={t('Choose_category')}
            />
          </Form.Item>
          {pins && (
            <Form.Item name="topPriority" label={t('Top')} valuePropName="checked">
              <Switch data-testid="discussion-editor-top" />
            </Form.Item>
          )}
        </div>
        <Form.Item
          name="content"
          label={t('Content')}
          rules={[required(t('Content')), max(t('Content'), LIMITS.discussionContentMax)]}
        >
          <MarkdownEditor
            rows={10}
            toolbar
            onUploadImage={async (file, onProgress) =>
              (await uploadMdImage(file, scope.gid, onProgress)).link
            }
            onUploadFile={
              pins
                ? async (file, onProgress) => (await uploadMdFile(file, scope.gid, onProgress)).link
                : undefined
            }
            data-testid="discussion-editor-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
