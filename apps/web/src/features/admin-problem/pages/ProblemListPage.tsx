import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Grid, Input, Popconfirm, Space, Table, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminScope } from '../../../lib/admin-scope.js';
import { notify } from '../../../lib/notify.js';
import { ImportRemoteProblemButton } from '../../remote-judge/components/ImportRemoteProblemButton.js';
import { SimilarityButton } from '../../similarity/components/SimilarityButton.js';
import {
  type AdminProblemRow,
  useAdminProblems,
  useChangeProblemAuth,
  useDeleteProblem,
} from '../api/admin-problem.js';
import { downloadProblemExport, downloadTestcases } from '../api/files.js';
import { AuthSelect } from '../components/AuthSelect.js';

/**
 * The admin problem list (doc 3 problem admin): keyword search, paging, the auth select changed inline, and per
 * row edit, test-case download, native export (site only) and delete (confirmed). In a group's admin scope the
 * group's problems through its calls; `canManage` (default all) limits the auth select, edit and delete to the rows
 * the viewer may change, and `rowActions` adds the scope's own buttons (a group's apply-public).
 */
export function ProblemAdminList({
  canManage = () => true,
  rowActions,
}: {
  canManage?: (r: AdminProblemRow) => boolean;
  rowActions?: (r: AdminProblemRow) => ReactNode;
}) {
  const { t } = useTranslation('adminProblem');
  const navigate = useNavigate();
  const { gid, paths } = useAdminScope();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useAdminProblems({ keyword, currentPage: page, limit, gid });
  const changeAuth = useChangeProblemAuth(gid);
  const remove = useDeleteProblem(gid);
  const [busy, setBusy] = useState<string | null>(null);
  // Under 768 px the id and author columns go and the title column carries the problem id.
  const narrow = !(Grid.useBreakpoint().md ?? true);

  const run = async (key: string, fn: () => Promise<void>, done?: string) => {
    setBusy(key);
    try {
      await fn();
      if (done) notify.success(done);
    } catch {
      // the api client showed the message
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={t('Problem_list')}
      extra={
        <Space wrap>
          {gid == null && <ImportRemoteProblemButton />}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(paths.problemCreate)}
            data-testid="admin-problem-create"
          >
            {t('Create_problem')}
          </Button>
        </Space>
      }
      styles={{ body: { paddingTop: 12 } }}
    >
      <Input.Search
        allowClear
        placeholder={t('Search_keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="problem-search"
      />
      <Table<AdminProblemRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={narrow ? undefined : { x: 860 }}
        locale={{ emptyText: t('common:No_data') }}
        pagination={{
          current: page,
          pageSize: limit,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          showTotal: (n) => t('Total_n', { n }),
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          ...(narrow
            ? []
            : [
                { title: 'ID', dataIndex: 'id', width: 70 },
                { title: t('Problem_ID'), dataIndex: 'problemId', width: 130, ellipsis: true },
              ]),
          {
            title: t('Title'),
            dataIndex: 'title',
            ellipsis: !narrow,
            render: (title: string, r: AdminProblemRow) =>
              narrow ? (
                <>
                  <div style={{ color: 'var(--oj-text-tertiary)', fontSize: 12 }}>{r.problemId}</div>
                  {title}
                </>
              ) : (
                title
              ),
          },
          ...(narrow ? [] : [{ title: t('Author'), dataIndex: 'author', width: 120, ellipsis: true }]),
          {
            title: t('Auth'),
            dataIndex: 'auth',
            width: narrow ? 104 : 130,
            render: (auth: number, r: AdminProblemRow) => (
              <AuthSelect
                size="small"
                disabled={!canManage(r)}
                value={auth}
                onChange={(v) =>
                  changeAuth.mutate(
                    { pid: r.id, auth: v },
                    { onSuccess: () => notify.success(t('common:Update_successfully')) },
                  )
                }
              />
            ),
          },
          {
            title: t('Option'),
            width: narrow ? 72 : rowActions ? 230 : 190,
            fixed: narrow ? undefined : ('right' as const),
            render: (_v: unknown, r: AdminProblemRow) => (
              <Space size={4} wrap>
                {canManage(r) && (
                  <Tooltip title={t('common:Edit')}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('common:Edit')}
                      onClick={() => navigate(paths.problemEdit(r.id))}
                      data-testid="admin-problem-edit"
                    />
                  </Tooltip>
                )}
                {canManage(r) && <SimilarityButton scope="problem" id={r.id} />}
                <Tooltip title={t('Download_testcase')}>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('Download_testcase')}
                    loading={busy === `d${r.id}`}
                    onClick={() =>
                      void run(
                        `d${r.id}`,
                        () => downloadTestcases(r.id, r.problemId),
                        t('Download_Testcase_Success'),
                      )
                    }
                  />
                </Tooltip>
                {gid == null && (
                  <Tooltip title={t('Export')}>
                    <Button
                      size="small"
                      icon={<ExportOutlined />}
                      aria-label={t('Export')}
                      loading={busy === `e${r.id}`}
                      onClick={() => void run(`e${r.id}`, () => downloadProblemExport(r.id, r.problemId))}
                    />
                  </Tooltip>
                )}
                {rowActions?.(r)}
                {canManage(r) && (
                  <Popconfirm
                    title={t('Delete_problem_confirm')}
                    okText={t('common:Delete')}
                    cancelText={t('common:Cancel')}
                    onConfirm={() =>
                      remove.mutate(r.id, { onSuccess: () => notify.success(t('Delete_successfully')) })
                    }
                  >
                    <Tooltip title={t('common:Delete')}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:Delete')} />
                    </Tooltip>
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

/** /admin/problems (doc 3 problem admin; admin, problem admin, super admin): the site's problem list. */
export default function ProblemListPage() {
  return <ProblemAdminList />;
}
