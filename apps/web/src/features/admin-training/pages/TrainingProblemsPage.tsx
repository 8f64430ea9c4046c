import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, InputNumber, Modal, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { useChangeProblemAuth, useDeleteProblem } from '../../admin-problem/api/admin-problem.js';
import { downloadTestcases } from '../../admin-problem/api/files.js';
import { AuthSelect } from '../../admin-problem/components/AuthSelect.js';
import {
  GroupProblemPicker,
  notifyAddFromGroupError,
} from '../../admin-problem/components/GroupProblemPicker.js';
import {
  type TrainingAdminProblemRow,
  useAddTrainingProblem,
  useAddTrainingProblemFromGroup,
  useRemoveTrainingProblem,
  useTrainingAdminProblems,
  useUpdateTrainingProblem,
} from '../api/admin-training.js';

/** The add-from-public dialog: public problems not in the training yet, each added with a display id. */
function AddFromPublic({ tid, open, onClose }: { tid: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['adminTraining', 'training']);
  const { gid } = useAdminScope();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [ids, setIds] = useState<Record<number, string>>({});
  const q = useTrainingAdminProblems({ tid, keyword, queryExisted: false, currentPage, limit: 10 }, gid);
  const add = useAddTrainingProblem(gid);
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
        dataSource={q.data?.problemList.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="training-public-problems"
        pagination={{
          current: currentPage,
          pageSize: 10,
          total: q.data?.problemList.total ?? 0,
          onChange: setPage,
        }}
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
 * "Add from group problems" (doc 3 §2 group trainings): one required Problem ID field (the group's own problem,
 * short-name prefix optional; picked from the group's problems or typed) with an Add button; Enter submits; a
 * problem not of the group is named so.
 */
function AddFromGroup({
  gid,
  tid,
  open,
  onClose,
}: {
  gid: number;
  tid: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['adminTraining', 'training']);
  const [problemId, setProblemId] = useState('');
  const add = useAddTrainingProblemFromGroup();
  const submit = () => {
    const id = problemId.trim();
    if (!id) {
      notify.error(t('Problem_id_required'));
      return;
    }
    add.mutate(
      { tid, problemId: id },
      {
        onSuccess: () => {
          notify.success(t('Add_successfully'));
          setProblemId('');
          onClose();
        },
        onError: notifyAddFromGroupError,
      },
    );
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('Add_from_group')}
      width={350}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%' }}>
        <GroupProblemPicker
          gid={gid}
          value={problemId}
          placeholder={t('Problem_id')}
          onChange={setProblemId}
          onEnter={submit}
          testId="training-add-group-id"
        />
        <Button
          type="primary"
          loading={add.isPending}
          onClick={submit}
          data-testid="training-add-group-submit"
        >
          {t('Add')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}

/**
 * The training's problem admin list (doc 3 training problem admin): the problems in order with the display id and
 * the order number editable in place, removal from the training (the problem stays), and the add-from-public
 * dialog. In a group's admin scope also add-from-group, and for the group's own problems the auth select (public /
 * private; contest not selectable) and edit, test-case download and delete.
 */
export function TrainingProblemsAdmin({ tid }: { tid: number }) {
  const { t } = useTranslation(['adminTraining', 'training', 'adminProblem']);
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [addingOwn, setAddingOwn] = useState(false);
  const q = useTrainingAdminProblems({ tid, keyword, queryExisted: true, currentPage, limit: 30 }, gid);
  const update = useUpdateTrainingProblem(gid);
  const remove = useRemoveTrainingProblem(gid);
  const changeAuth = useChangeProblemAuth(gid);
  const deleteProblem = useDeleteProblem(gid);
  const saved = () => notify.success(t('Update_successfully'));
  /** A problem of this group (the group-only actions apply to it, doc 3 §2). */
  const own = (r: TrainingAdminProblemRow) => gid != null && r.gid === gid;
  /** The training-problem link id of a row (what the display id and order edits send). */
  const linkId = (r: TrainingAdminProblemRow) => q.data?.trainingProblemMap[r.pid]?.id;
  const edit = (r: TrainingAdminProblemRow, change: { displayId?: string; rank?: number }) => {
    const id = linkId(r);
    if (id != null) update.mutate({ id, ...change }, { onSuccess: saved });
  };

  return (
    <Card
      title={t('Training_problems')}
      extra={
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="training-add-open"
          >
            {t('Add_from_public')}
          </Button>
          {gid != null && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => setAddingOwn(true)}
              data-testid="training-add-group"
            >
              {t('Add_from_group')}
            </Button>
          )}
          <Button onClick={() => navigate(paths.trainings)}>{t('common:Back')}</Button>
        </Space>
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
        rowKey="pid"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.problemList.records ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="training-admin-problems"
        pagination={{
          current: currentPage,
          pageSize: 30,
          total: q.data?.problemList.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: 'ID', dataIndex: 'pid', width: 60 },
          {
            title: t('Display_id'),
            dataIndex: 'displayId',
            render: (v: string, r) => (
              <Input
                key={`${r.pid}-${v}`}
                size="small"
                defaultValue={v}
                style={{ width: 110 }}
                onBlur={(e) => {
                  const next = e.target.value.trim();
                  if (next && next !== v) edit(r, { displayId: next });
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
                key={`${r.pid}-${v}`}
                size="small"
                min={0}
                max={2147483647}
                precision={0}
                defaultValue={v}
                onBlur={(e) => {
                  const next = Number(e.target.value);
                  if (Number.isInteger(next) && next !== v) edit(r, { rank: next });
                }}
              />
            ),
          },
          ...(gid != null
            ? [
                {
                  title: t('training:Auth'),
                  key: 'auth',
                  render: (_: unknown, r: TrainingAdminProblemRow) => (
                    <AuthSelect
                      size="small"
                      noContest
                      disabled={!own(r)}
                      value={r.auth}
                      onChange={(auth) => changeAuth.mutate({ pid: r.pid, auth }, { onSuccess: saved })}
                    />
                  ),
                },
              ]
            : []),
          {
            title: t('Actions'),
            key: 'act',
            render: (_: unknown, r) => (
              <Space size={4}>
                {own(r) && (
                  <>
                    <Tooltip title={t('Edit')}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('Edit')}
                        onClick={() => navigate(paths.problemEdit(r.pid))}
                      />
                    </Tooltip>
                    <Tooltip title={t('adminProblem:Download_testcase')}>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        aria-label={t('adminProblem:Download_testcase')}
                        onClick={() =>
                          void downloadTestcases(r.pid, r.problemId).then(
                            () => notify.success(t('adminProblem:Download_Testcase_Success')),
                            () => undefined,
                          )
                        }
                      />
                    </Tooltip>
                  </>
                )}
                <Popconfirm
                  title={t('Remove_confirm')}
                  onConfirm={() =>
                    remove.mutate(
                      { tid, pid: r.pid },
                      { onSuccess: () => notify.success(t('Delete_successfully')) },
                    )
                  }
                >
                  <Tooltip title={t('Remove')}>
                    <Button size="small" icon={<DeleteOutlined />} aria-label={t('Remove')} />
                  </Tooltip>
                </Popconfirm>
                {own(r) && (
                  <Popconfirm
                    title={t('adminProblem:Delete_problem_confirm')}
                    onConfirm={() =>
                      deleteProblem.mutate(r.pid, {
                        onSuccess: () => notify.success(t('Delete_successfully')),
                      })
                    }
                  >
                    <Button size="small" danger aria-label={t('Delete')}>
                      {t('Delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AddFromPublic tid={tid} open={adding} onClose={() => setAdding(false)} />
      {gid != null && (
        <AddFromGroup gid={gid} tid={tid} open={addingOwn} onClose={() => setAddingOwn(false)} />
      )}
    </Card>
  );
}

/** /admin/training/:trainingId/problems: the training's problem admin list in the site's back office. */
export default function TrainingProblemsPage() {
  return <TrainingProblemsAdmin tid={Number(useParams().trainingId)} />;
}
