import { ALL_ROLE_CODES, LIMITS } from '@oj/shared';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { type AdminUserRow, useEditUser } from '../api/admin-user.js';

/** The edit dialog of /admin/user: role, status and an optional new password (PUT edit-user). */
export function EditUserDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const { t } = useTranslation('adminUser');
  const [form] = Form.useForm<{ role: number; status: number; password?: string }>();
  const edit = useEditUser();
  useEffect(() => {
    if (user) form.setFieldsValue({ role: user.role, status: user.status, password: '' });
  }, [user, form]);

  const onOk = async () => {
    if (!user) return;
    try {
      const v = await form.validateFields();
      await edit.mutateAsync({
        uid: user.uid,
        role: v.role,
        status: v.status,
        password: v.password || undefined,
      });
      notify.success(t('common:Update_successfully'));
      onClose();
    } catch {
      // field errors show on the form, server refusals in the api client's toast
    }
  };

  return (
    <Modal
      open={user != null}
      title={`${t('Edit_user')}: ${user?.username ?? ''}`}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="role" label={t('Role')}>
          <Select options={ALL_ROLE_CODES.map((c) => ({ value: c, label: t(`role_${c}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('Status')}>
          <Select
            options={[
              { value: 0, label: t('Normal') },
              { value: 1, label: t('Disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('New_password')}
          extra={t('New_password_hint')}
          rules={[
            {
              min: LIMITS.passwordMin,
              max: LIMITS.passwordMax,
              message: t('Password_length', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
