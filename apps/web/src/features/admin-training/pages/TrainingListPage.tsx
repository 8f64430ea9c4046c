import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AdminTrainingVo } from '@oj/shared';
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { CategoryTag, TrainingAuthTag } from '../../training/components/TrainingTags.js';
import { useAdminTrainings, useChangeTrainingStatus, useDeleteTraining } from '../api/admin-training.js';

/**
 * /admin/training (doc 3 training admin list): search, paging, rows with number, title, auth, category, author,
 * the visible switch and the actions edit and problems (author or super admin) and delete (super admin only).
 */
export default function AdminTrainingListPage() {
  const { t } = useTranslation(['adminTraining', 'training']);
  const navigate = useNavigate();
  const { roles, userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const q = useAdminTrainings({ keyword, currentPage, limit: 10 });
  const status = useChangeTrainingStatus();
  const remove = useDeleteTraining();
  const root = isSuperAdminRoles(roles);
  const canManage = (r: AdminTrainingVo) => root || r.uid === userInfo?.uid;

  return (
    <Card
      title={t('Training_list')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/training/create')}>
          {t('Create_training')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('training:Keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="admin-training-search"
      />
      <Table<AdminTrainingVo>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="admin-training-list"
        pagination={{
          current: currentPage,
          pageSize: 10,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('training:Number'), dataIndex: 'rank', width: 80 },
          { title: t('training:Title'), dataIndex: 'title' },
          {
            title: t('training:Auth'),
            dataIndex: 'auth',
            render: (v: string) => <TrainingAuthTag auth={v} />,
          },
          {
            title: t('training:Category'),
            key: 'cat',
            render: (_: unknown, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} />,
          },
          { title: t('training:Author'), dataIndex: 'author' },
          {
            title: t('training:Last_update'),
            dataIndex: 'gmtModified',
            render: (v: string) => formatTime(v),
          },
          {
            title: t('Visible'),
            dataIndex: 'status',
            render: (v: boolean, r) => (
              <Switch
                checked={v}
                disabled={!canManage(r)}
                loading={status.isPending && status.variables?.tid === r.id}
                onChange={(next) => status.mutate({ tid: r.id, status: next })}
              />
            ),
          },
          {
            title: t('Actions'),
            key: 'act',
            render: (_: unknown, r) => (
              <Space>
                {canManage(r) && (
                  <>
                    <Tooltip title={t('Edit')}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => navigate(`/admin/training/${r.id}/edit`)}
                        aria-label={t('Edit')}
                      />
                    </Tooltip>
                    <Tooltip title={t('Problems')}>
                      <Button
                        size="small"
                        icon={<UnorderedListOutlined />}
                        onClick={() => navigate(`/admin/training/${r.id}/problems`)}
                        aria-label={t('Problems')}
                        data-testid="admin-training-problems"
                      />
                    </Tooltip>
                  </>
                )}
                {root && (
                  <Popconfirm
                    title={t('Delete_confirm')}
                    onConfirm={() =>
                      remove.mutate(r.id, { onSuccess: () => notify.success(t('Delete_successfully')) })
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
