import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Grid, Input, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.js';
import {
  type AdminProblemRow,
  useAdminProblems,
  useChangeProblemAuth,
  useDeleteProblem,
} from '../api/admin-problem.js';
import { downloadProblemExport, downloadTestcases } from '../api/files.js';
import { AuthSelect } from '../components/AuthSelect.js';

/**
 * /admin/problems (doc 3 problem admin; admin, problem admin, super admin): keyword search, paging, the auth
 * select changed inline, and per row edit, test-case download, native export and delete (confirmed).
 */
export default function ProblemListPage() {
  const { t } = useTranslation('adminProblem');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useAdminProblems({ keyword, currentPage: page, limit });
  const changeAuth = useChangeProblemAuth();
  const remove = useDeleteProblem();
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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/problem/create')}>
          {t('Create_problem')}
        </Button>
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
                  <div style={{ color: '#888', fontSize: 12 }}>{r.problemId}</div>
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
            width: narrow ? 72 : 190,
            fixed: narrow ? undefined : ('right' as const),
            render: (_v: unknown, r: AdminProblemRow) => (
              <Space size={4} wrap>
                <Tooltip title={t('common:Edit')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('common:Edit')}
                    onClick={() => navigate(`/admin/problem/edit/${r.id}`)}
                  />
                </Tooltip>
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
                <Tooltip title={t('Export')}>
                  <Button
                    size="small"
                    icon={<ExportOutlined />}
                    aria-label={t('Export')}
                    loading={busy === `e${r.id}`}
                    onClick={() => void run(`e${r.id}`, () => downloadProblemExport(r.id, r.problemId))}
                  />
                </Tooltip>
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
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
