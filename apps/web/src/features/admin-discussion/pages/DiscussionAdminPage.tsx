import { REPORT_TAGS } from '@oj/shared';
import { Card, Input, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.js';
import { formatTime } from '../../../lib/time.js';
import {
  type DiscussionReport,
  useAdminDiscussions,
  useDeleteAdminDiscussions,
  useReports,
  useUpdateAdminDiscussion,
  useUpdateReport,
} from '../api/admin-discussion.js';
import { DiscussionAdminTable } from '../components/DiscussionAdminTable.js';

const PAGE_SIZE = 10;

/** A discussion's site address, opened in a new tab from the back office. */
const detailUrl = (id: number) => `/discussion-detail/${id}`;

/** The back office's discussion table (every discussion, disabled ones too) with a title search. */
function DiscussionTable() {
  const { t } = useTranslation('adminDiscussion');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string>();
  const q = useAdminDiscussions({ currentPage: page, limit: PAGE_SIZE, keyword });
  const update = useUpdateAdminDiscussion();
  const remove = useDeleteAdminDiscussions();
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('Keyword')}
        onSearch={(v) => {
          setKeyword(v.trim() || undefined);
          setPage(1);
        }}
        style={{ width: 240, maxWidth: '100%', marginBottom: 12 }}
        data-testid="admin-discussion-keyword"
      />
      <DiscussionAdminTable
        data={q.data}
        loading={q.isLoading}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        onToggle={update.mutateAsync}
        onDelete={(id) => remove.mutateAsync([id])}
        view={(id) => ({ to: detailUrl(id), newTab: true })}
      />
    </>
  );
}

/** The report table (doc 3 "Report: label, reason, reporter, time") with the handled state. */
function ReportTable() {
  const { t } = useTranslation('adminDiscussion');
  const [page, setPage] = useState(1);
  const q = useReports({ currentPage: page, limit: PAGE_SIZE });
  const update = useUpdateReport();
  return (
    <Table<DiscussionReport>
      rowKey="id"
      size="middle"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      scroll={{ x: 'max-content' }}
      data-testid="admin-report-table"
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: q.data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: t('Discussion'),
          dataIndex: 'did',
          render: (did: number, r) => (
            <a
              href={detailUrl(did)}
              target="_blank"
              rel="noreferrer"
              data-user-content
              style={{ display: 'inline-block', maxWidth: 260, overflowWrap: 'anywhere' }}
            >
              {r.discussionTitle ? `${did} · ${r.discussionTitle}` : did}
            </a>
          ),
        },
        {
          title: t('Label'),
          key: 'tags',
          render: (_: unknown, r) => (
            <Space size={[4, 4]} wrap>
              {r.tags.map((tag) =>
                (REPORT_TAGS as readonly string[]).includes(tag) ? (
                  <Tag key={tag} color="orange">
                    {t(`discussion:report_tag.${tag}`)}
                  </Tag>
                ) : (
                  <Tag key={tag} data-user-content>
                    {tag}
                  </Tag>
                ),
              )}
            </Space>
          ),
        },
        {
          title: t('Reason'),
          key: 'reason',
          render: (_: unknown, r) => (
            <span
              data-user-content
              data-testid="admin-report-reason"
              style={{
                display: 'inline-block',
                maxWidth: 360,
                overflowWrap: 'anywhere',
                whiteSpace: 'pre-wrap',
              }}
            >
              {r.reason}
            </span>
          ),
        },
        { title: t('Reporter'), dataIndex: 'reporter' },
        { title: t('Time'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
        {
          title: t('Handled'),
          dataIndex: 'status',
          render: (v: boolean, r) => (
            <Switch
              checked={v}
              size="small"
              checkedChildren={t('Handled')}
              unCheckedChildren={t('Unhandled')}
              data-testid="admin-report-handled"
              onChange={async (status) => {
                try {
                  await update.mutateAsync({ id: r.id, status });
                  notify.success(t('common:Update_successfully'));
                } catch {
                  // shown by the api client
                }
              }}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * /admin/discussion (doc 3 "Discussion admin and reports"; admin roles): the discussions with pin, status
 * (normal / disabled), delete and view; the reports with their labels, reason, reporter, time and handled state.
 * The open tab lives in the address (`?tab=report`).
 */
export default function DiscussionAdminPage() {
  const { t } = useTranslation(['adminDiscussion', 'discussion']);
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') === 'report' ? 'report' : 'discussion';
  return (
    <Card title={t('Discussion_admin')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setSp(k === 'report' ? { tab: 'report' } : {})}
        items={[
          {
            key: 'discussion',
            label: <span data-testid="admin-tab-discussion">{t('Discussions')}</span>,
            children: <DiscussionTable />,
          },
          {
            key: 'report',
            label: <span data-testid="admin-tab-report">{t('Reports')}</span>,
            children: <ReportTable />,
          },
        ]}
      />
    </Card>
  );
}
