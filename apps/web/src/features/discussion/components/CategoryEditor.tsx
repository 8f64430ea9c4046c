import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DISCUSSION_LIMITS } from '@oj/shared';
import { Button, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useSaveCategories } from '../api/discussion.js';
import type { DiscussionCategory } from '../api/types.js';

/** One row of the editor: a stored category (with id) or a new one. */
interface Row {
  key: string;
  id?: number;
  name: string;
}

/**
 * The super admin's category editor (doc 2 §2.12): rename, add and remove categories, then save the whole list
 * at once (POST /api/discussion-category). Empty names are refused before sending.
 */
export function CategoryEditor({
  open,
  categories,
  onClose,
}: {
  open: boolean;
  categories: DiscussionCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation('discussion');
  const save = useSaveCategories();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (open) setRows(categories.map((c) => ({ key: `c${c.id}`, id: c.id, name: c.name })));
  }, [open, categories]);

  const onSave = async () => {
    if (rows.some((r) => !r.name.trim())) {
      notify.error(t('Category_name_required'));
      return;
    }
    try {
      await save.mutateAsync(rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim() })));
      notify.success(t('common:Update_successfully'));
      onClose();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Modal
      open={open}
      title={t('Edit_categories')}
      onCancel={onClose}
      onOk={onSave}
      confirmLoading={save.isPending}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      okButtonProps={{ 'data-testid': 'category-editor-save' }}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="category-editor">
        {rows.map((r, i) => (
          <Space.Compact key={r.key} style={{ width: '100%' }}>
            <Input
              value={r.name}
              maxLength={DISCUSSION_LIMITS.categoryNameMax}
              aria-label={t('Category')}
              data-testid="category-editor-name"
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('common:Delete')}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            />
          </Space.Compact>
        ))}
        <Button
          icon={<PlusOutlined />}
          block
          type="dashed"
          data-testid="category-editor-add"
          onClick={() => setRows([...rows, { key: `n${Date.now()}`, name: '' }])}
        >
          {t('Add_category')}
        </Button>
      </Space>
    </Modal>
  );
}
