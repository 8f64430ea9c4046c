import { Badge, Card, Popover, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/time.js';
import { type JudgeServer, useJudgeServerStatus } from '../api/judge-server.js';

dayjs.extend(relativeTime);

/** How long the oldest queued job has waited: `-` when none is queued, seconds under a minute, else minutes. */
function oldestText(t: TFunction<'adminJudge'>, seconds: number | null): string {
  if (seconds == null) return '-';
  return seconds < 60 ? t('Seconds_n', { n: seconds }) : t('Minutes_n', { n: Math.floor(seconds / 60) });
}

/**
 * Judge server status (doc 3 back office "judge server and backend service status"): one row per judgehost
 * with name, languages, workers, running jobs, load, last heartbeat and state (online, offline, disabled, or
 * "cannot judge" with the reason the judgehost reported: it is leased nothing); on top the queue counts, the
 * judging rate (submissions per minute over the last 5 minutes) and the oldest queued job's wait (issue 29).
 * Refreshes every 10 s. Usable on the dashboard or its own page.
 */
export function JudgeServerCard() {
  const { t } = useTranslation('adminJudge');
  const q = useJudgeServerStatus();
  const list = q.data?.judgeServerList ?? [];
  const online = list.filter((h) => h.online && h.healthy).length;
  return (
    <Card title={t('Judge_servers')} data-testid="judge-server-card">
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title={t('Online')} value={online} suffix={`/ ${list.length}`} loading={q.isLoading} />
        <Statistic title={t('Queued')} value={q.data?.queue.queued ?? 0} loading={q.isLoading} />
        <Statistic title={t('Judging')} value={q.data?.queue.leased ?? 0} loading={q.isLoading} />
        <Statistic
          title={t('Judging_rate')}
          value={q.data?.queue.ratePerMinute ?? 0}
          suffix={t('Per_minute')}
          loading={q.isLoading}
        />
        <Statistic
          title={t('Oldest_job')}
          value={oldestText(t, q.data?.queue.oldestAgeSeconds ?? null)}
          loading={q.isLoading}
        />
      </Space>
      <Table<JudgeServer>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('No_judge_server') }}
        columns={[
          {
            title: t('Name'),
            dataIndex: 'name',
            render: (n: string, h) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{n}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {h.hostname} {h.version && `v${h.version}`}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('Status'),
            dataIndex: 'online',
            width: 110,
            render: (on: boolean, h) =>
              !h.enabled ? (
                <Badge status="default" text={t('Disabled')} />
              ) : on && !h.healthy ? (
                <Tooltip title={h.problem}>
                  <Badge status="warning" text={t('Cannot_judge')} data-testid="judgehost-unhealthy" />
                </Tooltip>
              ) : on ? (
                <Badge status="success" text={t('Online')} />
              ) : (
                <Badge status="error" text={t('Offline')} />
              ),
          },
          {
            title: t('Workers'),
            dataIndex: 'workers',
            width: 90,
            render: (w: number, h) => `${w} / ${h.cpuCount} CPU`,
          },
          { title: t('Running'), dataIndex: 'running', width: 80 },
          { title: t('Load'), dataIndex: 'load', width: 70, render: (l: number) => l.toFixed(2) },
          {
            title: t('Languages'),
            dataIndex: 'languages',
            width: 120,
            render: (ls: JudgeServer['languages']) => {
              const ok = ls.filter((l) => l.available);
              return (
                <Popover
                  content={
                    <Space wrap style={{ maxWidth: 360 }}>
                      {ls.map((l) => (
                        <Tag key={l.name} color={l.available ? 'blue' : 'default'}>
                          {l.name} {l.version}
                        </Tag>
                      ))}
                    </Space>
                  }
                >
                  <Typography.Link>{t('n_languages', { n: ok.length })}</Typography.Link>
                </Popover>
              );
            },
          },
          {
            title: t('Last_heartbeat'),
            dataIndex: 'lastHeartbeat',
            width: 170,
            render: (v: string) => (
              <span title={formatTime(v, 'YYYY-MM-DD HH:mm:ss')}>{dayjs(v).fromNow()}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}
