import { ColorPicker, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { type ContestProblemLink, useUpdateContestProblem } from '../api/admin-contest.js';

const hex = (c: unknown): string | null =>
  c == null
    ? null
    : typeof c === 'string'
      ? c
      : ((c as { toHexString?: () => string }).toHexString?.() ?? null);

/** Edits a problem's contest side (doc 3 §3 contest problem): display id (required), display title, balloon colour. */
export function ContestProblemDialog({
  link,
  onClose,
}: {
  link: ContestProblemLink | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminContest');
  const [form] = Form.useForm<{ displayId: string; displayTitle: string; color: string | null }>();
  const update = useUpdateContestProblem(useAdminScope().gid);
  useEffect(() => {
    if (link)
      form.setFieldsValue({ displayId: link.displayId, displayTitle: link.displayTitle, color: link.color });
  }, [link, form]);
  const onOk = async () => {
    if (!link) return;
    const v = await form.validateFields();
    update.mutate(
      {
        id: link.id,
        displayId: v.displayId.trim(),
        displayTitle: v.displayTitle ?? '',
        color: v.color ?? null,
      },
      {
        onSuccess: () => {
          notify.success(t('common:Update_successfully'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={!!link}
      title={t('Edit_contest_problem')}
      onCancel={onClose}
      onOk={() => void onOk()}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      confirmLoading={update.isPending}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="displayId"
          label={t('Display_id')}
          rules={[{ required: true, message: t('Display_id_required') }]}
        >
          <Input data-testid="edit-display-id" />
        </Form.Item>
        <Form.Item name="displayTitle" label={t('Display_title')}>
          <Input />
        </Form.Item>
        <Form.Item name="color" label={t('Balloon_colour')} getValueFromEvent={hex}>
          <ColorPicker allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
