import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AdminTrainingVo } from '@oj/shared';
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { isSuperAdminRoles, useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { SimilarityButton } from '../../similarity/components/SimilarityButton.js';
import { CategoryTag, TrainingAuthTag } from '../../training/components/TrainingTags.js';
import { useAdminTrainings, useChangeTrainingStatus, useDeleteTraining } from '../api/admin-training.js';

/**
 * The training admin list (doc 3 training admin list): search, paging, rows with number, title, auth, category,
 * author, the visible switch and the actions edit and problems (`canManage`; the site: author or super admin) and
 * delete (`canDelete`; the site: super admin only). In a group's admin scope the group's trainings through its calls.
 */
export function TrainingAdminList(props: {
  canManage?: (r: AdminTrainingVo) => boolean;
  canDelete?: (r: AdminTrainingVo) => boolean;
}) {
  const { t } = useTranslation(['adminTraining', 'training']);
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const { roles, userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const q = useAdminTrainings({ keyword, currentPage, limit: 10, gid });
  const status = useChangeTrainingStatus(gid);
  const remove = useDeleteTraining(gid);
  const root = isSuperAdminRoles(roles);
  const canManage = props.canManage ?? ((r: AdminTrainingVo) => root || r.uid === userInfo?.uid);
  const canDelete = props.canDelete ?? (() => root);

  return (
    <Card
      title={t('Training_list')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(paths.trainingCreate)}
          data-testid="admin-training-create"
        >
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
                        onClick={() => navigate(paths.trainingEdit(r.id))}
                        aria-label={t('Edit')}
                      />
                    </Tooltip>
                    <Tooltip title={t('Problems')}>
                      <Button
                        size="small"
                        icon={<UnorderedListOutlined />}
                        onClick={() => navigate(paths.trainingProblems(r.id))}
                        aria-label={t('Problems')}
                        data-testid="admin-training-problems"
                      />
                    </Tooltip>
                    <SimilarityButton scope="training" id={r.id} />
                  </>
                )}
                {canDelete(r) && (
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

/** /admin/training: the site's training admin list. */
export default function AdminTrainingListPage() {
  return <TrainingAdminList />;
}
