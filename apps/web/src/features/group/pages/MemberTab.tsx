import { DeleteOutlined, EyeOutlined, UserOutlined } from '@ant-design/icons';
import { GroupMemberAuth, type GroupMemberVo } from '@oj/shared';
import { Avatar, Button, Card, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { useGroupApplications, useGroupMembers, useRemoveMember, useSetMemberLevel } from '../api/group.js';
import { useGroupShell } from '../components/GroupContext.js';
import { LEVEL_KEYS, LevelTag } from '../components/GroupTags.js';
import {
  canRemoveMember,
  levelOptionDisabled,
  levelSelectDisabled,
  MEMBER_LEVELS,
  type MemberActor,
} from '../lib/levels.js';

const PAGE_SIZE = 15;

/** The user link of a member row, with the avatar. */
function UserCell({ r }: { r: GroupMemberVo }) {
  return (
    <Space>
      <Avatar size={24} src={r.avatar || undefined} icon={<UserOutlined />} />
      <Link to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}>
        {r.username}
      </Link>
    </Space>
  );
}

/**
 * One admin table (applications or members): username, created and modified times, the level select (disabled per
 * doc 3 §4), the reason (applications), quick Accept / Refuse for applications, and delete (confirmed, §6).
 */
function AdminTable({ kind }: { kind: 'applications' | 'members' }) {
  const { t } = useTranslation('group');
  const { userInfo, roles } = useSession();
  const { gid, group: g, access } = useGroupShell();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [reason, setReason] = useState<GroupMemberVo | null>(null);
  const q = { currentPage: page, limit: PAGE_SIZE, keyword: keyword || undefined };
  const members = useGroupMembers(gid, q, kind === 'members');
  const applications = useGroupApplications(gid, q, kind === 'applications');
  const data = kind === 'applications' ? applications : members;
  const setLevel = useSetMemberLevel(gid);
  const remove = useRemoveMember(gid);
  const actor: MemberActor = {
    uid: userInfo?.uid,
    level: access.isOwner ? GroupMemberAuth.ROOT : access.level,
    unrestricted: access.isOwner || isSuperAdminRoles(roles),
  };
  const facts = (r: GroupMemberVo) => ({ uid: r.uid, auth: r.auth, owner: r.uid === g.uid });
  const change = (r: GroupMemberVo, auth: number) =>
    setLevel.mutate(
      { uid: r.uid, auth },
      { onSuccess: () => notify.success(t('common:Update_successfully')) },
    );

  return (
    <Card
      title={kind === 'applications' ? t('Applications') : t('Member_admin')}
      style={{ marginBottom: 12 }}
      extra={
        <Input.Search
          allowClear
          placeholder={t('Search_username')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 150 }}
        />
      }
      data-testid={`group-${kind}`}
    >
      <Table<GroupMemberVo>
        rowKey="id"
        size="middle"
        loading={data.isLoading}
        dataSource={data.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: kind === 'applications' ? t('No_application') : t('common:No_data') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: t('Username'), key: 'user', render: (_: unknown, r) => <UserCell r={r} /> },
          {
            title: kind === 'applications' ? t('Applied_at') : t('Joined_at'),
            dataIndex: 'gmtCreate',
            render: (v: string) => formatTime(v),
            responsive: ['md'],
          },
          {
            title: t('Modified_at'),
            dataIndex: 'gmtModify',
            render: (v: string) => formatTime(v),
            responsive: ['lg'],
          },
          {
            title: t('Level'),
            key: 'auth',
            render: (_: unknown, r) => (
              <Select<number>
                size="small"
                value={r.auth}
                style={{ width: 160 }}
                disabled={levelSelectDisabled(actor, facts(r))}
                onChange={(v) => change(r, v)}
                options={MEMBER_LEVELS.map((l) => ({
                  value: l,
                  label: t(LEVEL_KEYS[l]),
                  disabled: levelOptionDisabled(actor, l),
                }))}
                data-testid="group-level-select"
              />
            ),
          },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {kind === 'applications' && r.auth === GroupMemberAuth.APPLYING && (
                  <>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => change(r, GroupMemberAuth.MEMBER)}
                      data-testid="group-accept"
                    >
                      {t('Accept')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => change(r, GroupMemberAuth.REFUSED)}
                      data-testid="group-refuse"
                    >
                      {t('Refuse')}
                    </Button>
                  </>
                )}
                <Tooltip title={t('View_reason')}>
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={t('View_reason')}
                    onClick={() => setReason(r)}
                    data-testid="group-view-reason"
                  />
                </Tooltip>
                {canRemoveMember(actor, facts(r)) && (
                  <Popconfirm
                    title={t('Remove_member_confirm', { name: r.username })}
                    okText={t('common:Delete')}
                    cancelText={t('common:Cancel')}
                    onConfirm={() =>
                      remove.mutate(r.uid, { onSuccess: () => notify.success(t('Delete_successfully')) })
                    }
                  >
                    <Tooltip title={t('Remove_member')}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove_member')} />
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!reason}
        title={t('Apply_reason_of', { name: reason?.username ?? '' })}
        footer={null}
        onCancel={() => setReason(null)}
      >
        <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="group-reason-text">
          {reason?.reason || t('No_reason')}
        </div>
      </Modal>
    </Card>
  );
}

/**
 * The group members tab (doc 3 §2): everyone sees username, join time, change time and the level read-only; a
 * Member Admin switch (group admins and super admins) shows the applications and the admin member table.
 */
export default function MemberTab() {
  const { t } = useTranslation('group');
  const { gid, access } = useGroupShell();
  const [admin, setAdmin] = useState(false);
  const [page, setPage] = useState(1);
  const members = useGroupMembers(gid, { currentPage: page, limit: PAGE_SIZE });
  const toggle = access.isGroupAdmin && (
    <Space>
      {t('Member_admin')}
      <Switch checked={admin} onChange={setAdmin} data-testid="group-member-admin" />
    </Space>
  );
  if (admin) {
    return (
      <>
        <div style={{ textAlign: 'right', marginBottom: 12 }}>{toggle}</div>
        <AdminTable kind="applications" />
        <AdminTable kind="members" />
      </>
    );
  }
  return (
    <Card title={t('tab.member')} extra={toggle} data-testid="group-member-list">
      <Table<GroupMemberVo>
        rowKey="id"
        size="middle"
        loading={members.isLoading}
        dataSource={members.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: members.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: t('Username'), key: 'user', render: (_: unknown, r) => <UserCell r={r} /> },
          { title: t('Joined_at'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
          {
            title: t('Modified_at'),
            dataIndex: 'gmtModify',
            render: (v: string) => formatTime(v),
            responsive: ['md'],
          },
          { title: t('Level'), dataIndex: 'auth', render: (v: number) => <LevelTag level={v} /> },
        ]}
      />
    </Card>
  );
}
