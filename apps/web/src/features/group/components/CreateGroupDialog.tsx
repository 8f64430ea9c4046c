import { GroupAuth } from '@oj/shared';
import { Button, Form, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { useSaveGroup } from '../api/group.js';
import { EMPTY_GROUP, GroupForm, type GroupFormValues } from './GroupForm.js';

/**
 * The full-screen Create Group dialog of doc 3 §2: the group form; on success the new group opens (the creator is
 * its owner and root). The server's refusals (creation limits, a taken name) show as its message.
 */
export function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const [form] = Form.useForm<GroupFormValues>();
  const save = useSaveGroup();
  const onFinish = (v: GroupFormValues) =>
    save.mutate(
      { ...v, code: v.auth === GroupAuth.PUBLIC ? undefined : v.code?.trim() },
      {
        onSuccess: (g) => {
          notify.success(t('Create_successfully'));
          form.resetFields();
          onClose();
          navigate(`/group/${g.id}`);
        },
      },
    );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('Create_group')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{ content: { minHeight: '100vh', borderRadius: 0 } }}
      footer={null}
      destroyOnHidden
    >
      <div style={{ maxWidth: 860, margin: '0 auto' }}>
        <GroupForm form={form} initial={EMPTY_GROUP} onFinish={onFinish} />
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:Cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="group-create-submit"
          >
            {t('Create')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
