import { GroupAuth, LIMITS } from '@oj/shared';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { useJoinGroup } from '../api/group.js';

/** The apply limits of doc 3 §5, §9: reason 5-100 characters. */
const REASON = { min: LIMITS.applyReasonMin, max: LIMITS.applyReasonMax };

/**
 * The apply dialog of doc 3 §2, §5: a private group (auth 3) asks for its 6-character invitation code, a protected
 * or private one for a reason of 5-100 characters. The application then waits for the group's admins.
 */
export function ApplyDialog({
  gid,
  auth,
  open,
  onClose,
}: {
  gid: number;
  auth: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<{ code?: string; reason: string }>();
  const join = useJoinGroup(gid);
  const onFinish = (v: { code?: string; reason: string }) =>
    join.mutate(
      { code: v.code?.trim(), reason: v.reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('Apply_successfully'));
          form.resetFields();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('Apply_group')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('Apply')}
      cancelText={t('common:Cancel')}
      confirmLoading={join.isPending}
      okButtonProps={{ 'data-testid': 'group-apply-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} data-testid="group-apply-form">
        {auth === GroupAuth.PRIVATE && (
          <Form.Item
            name="code"
            label={t('Invitation_code')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('Field_required', { field: t('Invitation_code') }),
              },
              { len: LIMITS.groupCodeLength, message: t('Code_length', { n: LIMITS.groupCodeLength }) },
            ]}
          >
            <Input maxLength={LIMITS.groupCodeLength} data-testid="group-apply-code" />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('Reason')}
          rules={[
            { required: true, whitespace: true, message: t('Field_required', { field: t('Reason') }) },
            {
              min: REASON.min,
              max: REASON.max,
              message: t('Field_length', { field: t('Reason'), min: REASON.min, max: REASON.max }),
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REASON.max} showCount data-testid="group-apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
