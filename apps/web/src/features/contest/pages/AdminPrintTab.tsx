import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { CONTEST_HELPER_LIMITS } from '@oj/shared';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/time.js';
import { type ContestPrintVo, downloadPrint, useMarkPrinted, usePrints } from '../api/print.js';
import { AutoRefreshBar } from '../components/AutoRefreshBar.js';
import { useContestShell } from '../components/ContestContext.js';

/** Print job status (doc 2 §3 "Contest print"): 1 printed. */
const PRINTED = 1;

/**
 * The Admin Print tab (doc 2 §2.10; contest admins, printing open): the print jobs, those not yet printed first,
 * 15 a page, refreshed every 10 s (switchable); each can be downloaded as a text file headed with the username,
 * real name and time, and marked printed.
 */
export default function AdminPrintTab() {
  const { t } = useTranslation('contest');
  const { contest: c } = useContestShell();
  const [page, setPage] = useState(1);
  const [refresh, setRefresh] = useState(true);
  const q = usePrints(c.id, page, refresh);
  const mark = useMarkPrinted(c.id);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (r: ContestPrintVo) => {
    setDownloading(r.id);
    try {
      await downloadPrint(r);
    } catch {
      // shown by the api client
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card title={t('tab.admin-print')} styles={{ body: { padding: 0 } }}>
      <AutoRefreshBar
        on={refresh}
        onChange={setRefresh}
        fetching={q.isFetching}
        onRefresh={() => void q.refetch()}
      />
      <Table<ContestPrintVo>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('No_print_jobs') }}
        data-testid="admin-print-table"
        pagination={{
          current: page,
          pageSize: CONTEST_HELPER_LIMITS.printPage,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('User'),
            key: 'user',
            render: (_: unknown, r) => (
              <span data-testid="print-user">
                {r.username}
                {r.realname ? (
                  <span style={{ color: 'var(--oj-text-tertiary)' }}> ({r.realname})</span>
                ) : null}
              </span>
            ),
          },
          {
            title: t('Submit_time'),
            dataIndex: 'gmtCreate',
            render: (v: string) => formatTime(v, 'MM-DD HH:mm:ss'),
          },
          {
            title: t('Print_content'),
            dataIndex: 'content',
            render: (v: string) => (
              <Typography.Text
                style={{ maxWidth: 260, fontFamily: 'monospace', fontSize: 12 }}
                ellipsis={{ tooltip: false }}
                data-user-content
              >
                {v.trim().split('\n')[0]}
              </Typography.Text>
            ),
          },
          {
            title: t('Status'),
            dataIndex: 'status',
            render: (v: number) =>
              v === PRINTED ? (
                <Tag color="green" data-testid="print-status" data-status="printed">
                  {t('Printed')}
                </Tag>
              ) : (
                <Tag color="orange" data-testid="print-status" data-status="waiting">
                  {t('Not_printed')}
                </Tag>
              ),
          },
          {
            title: t('Option'),
            key: 'option',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={downloading === r.id}
                  onClick={() => void download(r)}
                  data-testid="print-download"
                >
                  {t('Download')}
                </Button>
                {r.status !== PRINTED && (
                  <Button
                    size="small"
                    type="primary"
                    icon={<CheckOutlined />}
                    loading={mark.isPending && mark.variables === r.id}
                    onClick={() => mark.mutate(r.id)}
                    data-testid="print-mark"
                  >
                    {t('Mark_printed')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
