import { DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import {
  type AdminProblemRow,
  deleteProblem,
  refreshProblems,
  useAdminProblems,
} from '../api/admin-problem.js';
import { downloadProblemsExport } from '../api/files.js';

/**
 * /admin/problem/batch-operation (doc 3): pick problems across pages, export the selection as one native zip
 * (at least one needed, doc 3 §5) or delete it (confirmed).
 */
export default function BatchOperationPage() {
  const { t } = useTranslation('adminProblem');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const q = useAdminProblems({ keyword, currentPage: page, limit });

  const onExport = async () => {
    if (selected.length === 0) {
      notify.warning(t('Select_one_problem'));
      return;
    }
    setBusy('export');
    try {
      await downloadProblemsExport(selected);
      notify.success(t('Export_successfully', { n: selected.length }));
    } catch {
      // shown by the api client
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    setBusy('delete');
    let n = 0;
    try {
      for (const pid of selected) {
        await deleteProblem(pid);
        n += 1;
      }
      notify.success(t('Deleted_n', { n }));
      setSelected([]);
    } catch {
      // shown by the api client; the ones before the failure are gone
      setSelected((s) => s.slice(n));
    } finally {
      refreshProblems();
      setBusy(null);
    }
  };

  return (
    <Card title={t('Batch_operation')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('Search_keyword')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button
          type="primary"
          icon={<ExportOutlined />}
          loading={busy === 'export'}
          onClick={() => void onExport()}
          data-testid="batch-export"
        >
          {t('Export_selected')}
        </Button>
        {selected.length === 0 ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => notify.warning(t('Select_one_problem'))}>
            {t('Delete_selected')}
          </Button>
        ) : (
          <Popconfirm
            title={t('Delete_selected_confirm', { n: selected.length })}
            onConfirm={() => void onDelete()}
          >
            <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
              {t('Delete_selected')}
            </Button>
          </Popconfirm>
        )}
        <Typography.Text type="secondary">{t('Selected_n', { n: selected.length })}</Typography.Text>
        {selected.length > 0 && (
          <Button type="link" size="small" onClick={() => setSelected([])}>
            {t('Clear_selection')}
          </Button>
        )}
      </Space>
      <Table<AdminProblemRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 560 }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={{
          current: page,
          pageSize: limit,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('Problem_ID'), dataIndex: 'problemId', width: 140, ellipsis: true },
          { title: t('Title'), dataIndex: 'title', ellipsis: true },
          { title: t('Author'), dataIndex: 'author', width: 120, ellipsis: true },
        ]}
      />
    </Card>
  );
}
