import { PlusOutlined } from '@ant-design/icons';
import { REMOTE_ACCOUNT_OJS, type RemoteAccountOj, type RemoteAccountView } from '@oj/shared';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import {
  useDeleteRemoteAccount,
  useRemoteAccounts,
  useSaveRemoteAccount,
  useSetRemoteAccountEnabled,
} from '../api/remote-judge.js';

interface FormValues {
  oj: RemoteAccountOj;
  username: string;
  password: string;
  enabled: boolean;
}

/**
 * The add / edit dialog of a judging account. The password field is always empty: the server never sends the
 * stored one back; on an edit an empty field keeps it.
 */
function AccountDialog(props: { open: boolean; account: RemoteAccountView | null; onClose: () => void }) {
  const { t } = useTranslation('remoteJudge');
  const save = useSaveRemoteAccount();
  const [form] = Form.useForm<FormValues>();
  const editing = props.account != null;
  const onOk = async () => {
    try {
      const v = await form.validateFields();
      await save.mutateAsync({ id: props.account?.id, ...v, username: v.username.trim() });
      notify.success(editing ? t('common:Update_successfully') : t('Account_added'));
      props.onClose();
    } catch {
      // field errors on the form; api errors (a taken name) by the api client's toast
    }
  };
  return (
    <Modal
      open={props.open}
      title={editing ? t('Edit_account') : t('Add_account')}
      onCancel={props.onClose}
      onOk={() => void onOk()}
      confirmLoading={save.isPending}
      okText={t('common:Save')}
      cancelText={t('common:Cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        name="remote-account"
        layout="vertical"
        preserve={false}
        initialValues={{
          oj: props.account?.oj ?? 'HDU',
          username: props.account?.username ?? '',
          password: '',
          enabled: props.account?.enabled ?? true,
        }}
      >
        <Form.Item name="oj" label={t('OJ')} extra={t('Gym_uses_cf')}>
          <Select
            disabled={editing}
            options={REMOTE_ACCOUNT_OJS.map((oj) => ({ value: oj, label: t(`oj.${oj}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('Username')}
          rules={[{ required: true, whitespace: true, message: t('Username_required') }]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('Password')}
          extra={editing ? t('Password_keep') : t('Password_write_only')}
          rules={editing ? [] : [{ required: true, message: t('Password_required') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Form.Item name="enabled" label={t('Enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * System Config → judging accounts (issue 27, super admin): each remote judge's account pool; add, edit, enable or
 * disable, delete. Passwords are write-only: the list never has them. `In use`: a submission holds the account now.
 */
export function RemoteAccountsCard() {
  const { t } = useTranslation('remoteJudge');
  const { data, isLoading } = useRemoteAccounts();
  const setEnabled = useSetRemoteAccountEnabled();
  const del = useDeleteRemoteAccount();
  const [dialog, setDialog] = useState<{ open: boolean; account: RemoteAccountView | null }>({
    open: false,
    account: null,
  });
  return (
    <Card title={t('Judging_accounts')} data-testid="remote-accounts">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, account: null })}
        >
          {t('Add_account')}
        </Button>
        <span style={{ color: 'var(--oj-text-tertiary)' }}>{t('Accounts_note')}</span>
      </Space>
      <Table<RemoteAccountView>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('No_accounts') }}
        columns={[
          { title: t('OJ'), dataIndex: 'oj', render: (oj: RemoteAccountOj) => t(`oj.${oj}`) },
          { title: t('Username'), dataIndex: 'username' },
          {
            title: t('Enabled'),
            dataIndex: 'enabled',
            render: (on: boolean, a) => (
              <Switch
                size="small"
                checked={on}
                aria-label={t('Enabled')}
                loading={setEnabled.isPending && setEnabled.variables?.id === a.id}
                onChange={(enabled) => setEnabled.mutate({ id: a.id, enabled })}
              />
            ),
          },
          {
            title: t('State'),
            dataIndex: 'busy',
            render: (busy: boolean) =>
              busy ? <Tag color="processing">{t('In_use')}</Tag> : <Tag>{t('Free')}</Tag>,
          },
          {
            title: t('Last_used'),
            dataIndex: 'claimedAt',
            render: (v: string | null) => (v ? formatTime(v) : '-'),
          },
          {
            title: t('Actions'),
            key: 'actions',
            render: (_: unknown, a) => (
              <Space size={4}>
                <Button size="small" onClick={() => setDialog({ open: true, account: a })}>
                  {t('common:Edit')}
                </Button>
                <Popconfirm title={t('Delete_confirm')} onConfirm={() => del.mutate(a.id)}>
                  <Button size="small" danger>
                    {t('common:Delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AccountDialog
        open={dialog.open}
        account={dialog.account}
        onClose={() => setDialog({ open: false, account: null })}
      />
    </Card>
  );
}
