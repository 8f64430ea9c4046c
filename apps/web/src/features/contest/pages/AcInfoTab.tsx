import { CheckOutlined, FireFilled } from '@ant-design/icons';
import { CONTEST_HELPER_LIMITS } from '@oj/shared';
import { Button, Card, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/time.js';
import { type ContestAcInfoVo, useAcInfo, useCheckAcInfo } from '../api/ac-info.js';
import { AutoRefreshBar } from '../components/AutoRefreshBar.js';
import { BalloonId } from '../components/BalloonId.js';
import { useContestShell } from '../components/ContestContext.js';

/**
 * The AC info tab (doc 2 §2.10, §3 "AC info"; contest admins, ACM): each participant's first AC of a problem, with
 * the problem's balloon colour and a first-blood flag, the balloons not yet delivered first; 20 a page,
 * refreshed every 10 s (switchable). A button marks a balloon delivered (checked) or takes the mark back.
 */
export default function AcInfoTab() {
  const { t } = useTranslation('contest');
  const { contest: c } = useContestShell();
  const [page, setPage] = useState(1);
  const [refresh, setRefresh] = useState(true);
  const q = useAcInfo(c.id, page, refresh);
  const check = useCheckAcInfo(c.id);

  return (
    <Card title={t('tab.ac-info')} styles={{ body: { padding: 0 } }}>
      <AutoRefreshBar
        on={refresh}
        onChange={setRefresh}
        fetching={q.isFetching}
        onRefresh={() => void q.refetch()}
      />
      <Table<ContestAcInfoVo>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('No_ac_yet') }}
        data-testid="ac-info-table"
        onRow={(r) =>
          ({
            'data-checked': String(r.checked),
            style: r.checked ? { color: 'var(--oj-text-tertiary)' } : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: CONTEST_HELPER_LIMITS.acInfoPage,
          total: q.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: t('Submit_time'),
            dataIndex: 'submitTime',
            render: (v: string) => formatTime(v, 'MM-DD HH:mm:ss'),
          },
          {
            title: t('User'),
            key: 'user',
            render: (_: unknown, r) => (
              <span data-testid="ac-info-user">
                {r.username}
                {r.realname ? (
                  <span style={{ color: 'var(--oj-text-tertiary)' }}> ({r.realname})</span>
                ) : null}
              </span>
            ),
          },
          {
            title: t('Problem'),
            dataIndex: 'displayId',
            render: (v: string, r) => <BalloonId displayId={v} color={r.color} />,
          },
          {
            title: t('First_blood'),
            dataIndex: 'firstBlood',
            render: (v: boolean) =>
              v ? (
                <Tag color="red" icon={<FireFilled />} data-testid="first-blood">
                  {t('First_blood')}
                </Tag>
              ) : null,
          },
          {
            title: t('Balloon_status'),
            key: 'checked',
            render: (_: unknown, r) =>
              r.checked ? (
                <Space size={4}>
                  <Tag color="green" icon={<CheckOutlined />}>
                    {t('Checked')}
                  </Tag>
                  <Tooltip title={t('Uncheck_tip')}>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => check.mutate({ id: r.id, checked: false })}
                      data-testid="ac-info-uncheck"
                    >
                      {t('Undo')}
                    </Button>
                  </Tooltip>
                </Space>
              ) : (
                <Button
                  size="small"
                  type="primary"
                  loading={check.isPending && check.variables?.id === r.id}
                  onClick={() => check.mutate({ id: r.id, checked: true })}
                  data-testid="ac-info-check"
                >
                  {t('Mark_checked')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
