import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { Page } from '@oj/shared';
import { Button, Popconfirm, Select, Space, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import type { Discussion } from '../../discussion/api/types.js';

/** A change of the table's status select (0 normal, 1 disabled) or top switch. */
export interface DiscussionToggle {
  id: number;
  topPriority?: boolean;
  status?: number;
}

/**
 * The discussion admin table of doc 3 (the back office's "Discussion admin" and a group's "Discussion Admin", same
 * columns): id, title, author, likes, views, created time, status select (Normal 0 / Disabled 1), top switch,
 * delete (asks first) and view. It shows `data` and calls the caller's `onToggle` / `onDelete`, so the back office
 * passes the /api/admin/discussion calls and a group its /api/group/discussion calls; each notifies success and
 * leaves errors to the api client. `view` gives the detail address of a row (`newTab` opens it in a new tab).
 */
export function DiscussionAdminTable({
  data,
  loading,
  page,
  pageSize,
  onPage,
  onToggle,
  onDelete,
  view,
  testId = 'admin-discussion-table',
}: {
  data: Page<Discussion> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onToggle: (v: DiscussionToggle) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  view: (id: number) => { to: string; newTab?: boolean };
  testId?: string;
}) {
  const { t } = useTranslation('adminDiscussion');
  const save = async (v: DiscussionToggle) => {
    try {
      await onToggle(v);
      notify.success(t('common:Update_successfully'));
    } catch {
      // shown by the api client
    }
  };
  return (
    <Table<Discussion>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={data?.records ?? []}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: onPage,
      }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: t('Title'),
          dataIndex: 'title',
          render: (v: string) => (
            <span
              data-user-content
              data-testid="admin-discussion-title"
              style={{ display: 'inline-block', maxWidth: 320, overflowWrap: 'anywhere' }}
            >
              {v}
            </span>
          ),
        },
        { title: t('Author'), dataIndex: 'author' },
        { title: t('Likes'), dataIndex: 'likeNum', width: 70 },
        { title: t('Views'), dataIndex: 'viewNum', width: 70 },
        { title: t('Created'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
        {
          title: t('Status'),
          dataIndex: 'status',
          render: (v: number | undefined, r) => (
            <Select
              value={v ?? 0}
              size="small"
              style={{ width: 110 }}
              data-testid="admin-discussion-status"
              onChange={(status) => void save({ id: r.id, status })}
              options={[
                { value: 0, label: t('Normal') },
                { value: 1, label: t('Disabled') },
              ]}
            />
          ),
        },
        {
          title: t('Top'),
          dataIndex: 'topPriority',
          render: (v: boolean, r) => (
            <Switch
              checked={v}
              size="small"
              data-testid="admin-discussion-top"
              onChange={(topPriority) => void save({ id: r.id, topPriority })}
            />
          ),
        },
        {
          title: t('Actions'),
          key: 'actions',
          render: (_: unknown, r) => {
            const link = view(r.id);
            return (
              <Space>
                <Link
                  to={link.to}
                  {...(link.newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
                  data-testid="admin-discussion-view"
                >
                  <Button size="small" icon={<EyeOutlined />} aria-label={t('View')} title={t('View')} />
                </Link>
                <Popconfirm
                  title={t('Delete_discussion_tips')}
                  okText={t('common:Delete')}
                  cancelText={t('common:Cancel')}
                  onConfirm={async () => {
                    try {
                      await onDelete(r.id);
                      notify.success(t('Deleted_successfully'));
                    } catch {
                      // shown by the api client
                    }
                  }}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common:Delete')}
                    title={t('common:Delete')}
                    data-testid="admin-discussion-delete"
                  />
                </Popconfirm>
              </Space>
            );
          },
        },
      ]}
    />
  );
}
