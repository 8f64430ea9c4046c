import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Modal, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import {
  GroupProblemPicker,
  notifyAddFromGroupError,
} from '../../admin-problem/components/GroupProblemPicker.js';
import {
  type ContestAdminProblemRow,
  type ContestProblemLink,
  useAddContestProblemFromGroup,
  useAdminContest,
  useContestAdminProblems,
  useRemoveContestProblem,
} from '../api/admin-contest.js';
import { AddFromPublicDialog } from '../components/AddFromPublicDialog.js';
import { ContestProblemDialog } from '../components/ContestProblemDialog.js';

/**
 * "Add from group problems" (doc 3 §2 group contests): the group problem's id (picked from the group's problems or
 * typed) and its display id in the contest, both required; Enter submits; a problem not of the group is named so.
 */
function AddFromGroupDialog({
  gid,
  cid,
  open,
  onClose,
}: {
  gid: number;
  cid: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminContest');
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  const add = useAddContestProblemFromGroup();
  const submit = () => {
    if (!problemId.trim() || !displayId.trim()) {
      notify.error(t('Problem_and_display_id_required'));
      return;
    }
    add.mutate(
      { cid, problemId: problemId.trim(), displayId: displayId.trim() },
      {
        onSuccess: () => {
          notify.success(t('Add_successfully'));
          setProblemId('');
          setDisplayId('');
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
      <Space direction="vertical" style={{ width: '100%' }}>
        <GroupProblemPicker
          gid={gid}
          value={problemId}
          placeholder={t('Problem_ID')}
          onChange={setProblemId}
          onEnter={submit}
          testId="contest-add-group-id"
        />
        <Input
          value={displayId}
          placeholder={t('Display_id')}
          onChange={(e) => setDisplayId(e.target.value)}
          onPressEnter={submit}
          data-testid="contest-add-group-display-id"
        />
        <Button
          type="primary"
          block
          loading={add.isPending}
          onClick={submit}
          data-testid="contest-add-group-submit"
        >
          {t('Add')}
        </Button>
      </Space>
    </Modal>
  );
}

/**
 * A contest's problem admin list (doc 3 contest problem list), headed by the contest's title (the back office
 * header says "Contest problems"): the contest's problems with display id, display
 * title and balloon colour; edit that contest side, remove a problem from the contest (confirmed), add from the
 * public problems, create a contest-only problem, edit the problem itself. In a group's admin scope through the
 * group's calls, with add-from-group too.
 */
export function ContestProblemsAdmin({ cid }: { cid: number }) {
  const { t } = useTranslation('adminContest');
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const contest = useAdminContest(cid, gid);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useContestAdminProblems(cid, { keyword, currentPage, limit }, true, gid);
  const remove = useRemoveContestProblem(gid);
  const [addingOwn, setAddingOwn] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContestProblemLink | null>(null);
  const link = (r: ContestAdminProblemRow) => q.data?.contestProblemMap[String(r.id)];

  return (
    <Card
      title={
        <span style={{ whiteSpace: 'normal' }} data-testid="contest-problems-title">
          {contest.data?.title ?? t('Contest_problems')}
        </span>
      }
    >
      {/* The actions under the contest's name (not in the card head), so at 375 px the name is not cut to "…". */}
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          disabled={!contest.data}
          data-testid="open-add-public"
        >
          {t('Add_from_public')}
        </Button>
        {gid != null && (
          <Button icon={<PlusOutlined />} onClick={() => setAddingOwn(true)} data-testid="open-add-group">
            {t('Add_from_group')}
          </Button>
        )}
        <Button
          icon={<PlusOutlined />}
          onClick={() => navigate(paths.contestProblemCreate(cid))}
          data-testid="create-contest-problem"
        >
          {t('Create_problem')}
        </Button>
        <Button onClick={() => navigate(paths.contests)}>{t('common:Back')}</Button>
      </Space>
      <Input.Search
        allowClear
        placeholder={t('Search_keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<ContestAdminProblemRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.problemList.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common:No_data') }}
        data-testid="contest-problem-table"
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: q.data?.problemList.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          {
            title: t('Display_id'),
            key: 'displayId',
            render: (_: unknown, r) => {
              const l = link(r);
              return (
                <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                  {l?.color && (
                    <span
                      style={{ width: 12, height: 12, borderRadius: 6, background: l.color }}
                      aria-hidden
                    />
                  )}
                  {l?.displayId}
                </span>
              );
            },
          },
          {
            title: t('Display_title'),
            key: 'displayTitle',
            render: (_: unknown, r) => link(r)?.displayTitle,
          },
          { title: t('Problem_ID'), dataIndex: 'problemId' },
          { title: t('Title'), dataIndex: 'title', responsive: ['md'] },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Tooltip title={t('Edit_contest_problem')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('Edit_contest_problem')}
                    onClick={() => setEditing(link(r) ?? null)}
                  />
                </Tooltip>
                <Tooltip title={t('Edit_problem')}>
                  <Button size="small" onClick={() => navigate(paths.contestProblemEdit(cid, r.id))}>
                    {t('Problem')}
                  </Button>
                </Tooltip>
                <Popconfirm
                  title={t('Remove_problem_confirm')}
                  okText={t('Remove')}
                  cancelText={t('common:Cancel')}
                  onConfirm={() =>
                    remove.mutate(
                      { cid, pid: r.id },
                      { onSuccess: () => notify.success(t('Remove_successfully')) },
                    )
                  }
                >
                  <Tooltip title={t('Remove')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Remove')} />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {contest.data && (
        <AddFromPublicDialog
          cid={cid}
          contestType={contest.data.type}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
      <ContestProblemDialog link={editing} onClose={() => setEditing(null)} />
      {gid != null && (
        <AddFromGroupDialog gid={gid} cid={cid} open={addingOwn} onClose={() => setAddingOwn(false)} />
      )}
    </Card>
  );
}

/** /admin/contest/:contestId/problems: a contest's problem admin list in the site's back office. */
export default function ContestProblemsPage() {
  return <ContestProblemsAdmin cid={Number(useParams().contestId)} />;
}
