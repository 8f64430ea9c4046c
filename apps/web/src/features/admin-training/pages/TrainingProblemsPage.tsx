import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../../lib/notify.js';
import {
  type TrainingAdminProblemRow,
  useAddTrainingProblem,
  useRemoveTrainingProblem,
  useTrainingAdminProblems,
  useUpdateTrainingProblem,
} from '../api/admin-training.js';

/** The add-from-public dialog: public problems not in the training yet, each added with a display id. */
function AddFromPublic({ tid, open, onClose }: { tid: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['adminTraining', 'training']);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [ids, setIds] = useState<Record<number, string>>({});
  const q = useTrainingAdminProblems({ tid, keyword, queryExisted: false, currentPage, limit: 10 });
  const add = useAddTrainingProblem();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('Add_from_public')} width="90%">
      <Input.Search
        allowClear
        placeholder={t('training:Keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<TrainingAdminProblemRow>
        rowKey="pid"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="training-public-problems"
        pagination={{ current: currentPage, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: 'ID', dataIndex: 'problemId' },
          { title: t('training:Title'), dataIndex: 'title' },
          {
            title: t('Display_id'),
            key: 'display',
            render: (_: unknown, r) => (
              <Space.Compact>
                <Input
                  size="small"
                  style={{ width: 100 }}
                  value={ids[r.pid] ?? ''}
                  onChange={(e) => setIds({ ...ids, [r.pid]: e.target.value })}
                  data-testid="training-add-display-id"
                />
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  loading={add.isPending && add.variables?.pid === r.pid}
                  data-testid="training-add-problem"
                  onClick={() =>
                    add.mutate(
                      { tid, pid: r.pid, displayId: (ids[r.pid] ?? '').trim() || r.problemId },
                      { onSuccess: () => notify.success(t('Add_successfully')) },
                    )
                  }
                >
                  {t('Add')}
                </Button>
              </Space.Compact>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/**
 * /admin/training/:trainingId/problems (doc 3 training problem admin): the training's problems in order with the
 * display id and the order number editable in place, removal from the training (the problem stays), and the
 * add-from-public dialog.
 */
export default function TrainingProblemsPage() {
  const { t } = useTranslation(['adminTraining', 'training']);
  const tid = Number(useParams().trainingId);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const q = useTrainingAdminProblems({ tid, keyword, queryExisted: true, currentPage, limit: 30 });
  const update = useUpdateTrainingProblem();
  const remove = useRemoveTrainingProblem();
  const saved = () => notify.success(t('Update_successfully'));

  return (
    <Card
      title={t('Training_problems')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="training-add-open"
        >
          {t('Add_from_public')}
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
      />
      <Table<TrainingAdminProblemRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="training-admin-problems"
        pagination={{ current: currentPage, pageSize: 30, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: 'ID', dataIndex: 'pid', width: 60 },
          {
            title: t('Display_id'),
            dataIndex: 'displayId',
            render: (v: string, r) => (
              <Input
                key={`${r.id}-${v}`}
                size="small"
                defaultValue={v}
                style={{ width: 110 }}
                onBlur={(e) => {
                  const next = e.target.value.trim();
                  if (next && next !== v)
                    update.mutate({ id: r.id as number, displayId: next }, { onSuccess: saved });
                }}
              />
            ),
          },
          { title: t('Problem_id'), dataIndex: 'problemId' },
          { title: t('training:Title'), dataIndex: 'title' },
          { title: t('training:Author'), dataIndex: 'author' },
          {
            title: t('Order'),
            dataIndex: 'rank',
            render: (v: number, r) => (
              <InputNumber
                key={`${r.id}-${v}`}
                size="small"
                min={0}
                max={2147483647}
                precision={0}
                defaultValue={v}
                onBlur={(e) => {
                  const next = Number(e.target.value);
                  if (Number.isInteger(next) && next !== v)
                    update.mutate({ id: r.id as number, rank: next }, { onSuccess: saved });
                }}
              />
            ),
          },
          {
            title: t('Actions'),
            key: 'act',
            render: (_: unknown, r) => (
              <Popconfirm
                title={t('Remove_confirm')}
                onConfirm={() =>
                  remove.mutate(
                    { tid, pid: r.pid },
                    { onSuccess: () => notify.success(t('Delete_successfully')) },
                  )
                }
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove')} />
              </Popconfirm>
            ),
          },
        ]}
      />
      <AddFromPublic tid={tid} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
