import { Badge, Card, Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHealth, useServiceInfo } from '../api/service-status.js';

const STATUS_COLOR = { ok: 'green', degraded: 'orange', down: 'red', closing: 'default' } as const;

/** Seconds as "3d 4h 5m" (days, hours, minutes; minutes only under an hour). */
function uptime(s: number): string {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [d && `${d}d`, (d || h) && `${h}h`, `${m}m`].filter(Boolean).join(' ');
}

/**
 * Backend and service status (doc 3 back office "judge server and backend service status"): the database,
 * migrations, judge queue and judgehosts as GET /api/health knows them, and the server process answering
 * (get-service-info: host, port, cores, CPU and memory load). Refreshes every 10 s.
 */
export function ServiceStatusCard() {
  const { t } = useTranslation('adminJudge');
  const health = useHealth();
  const service = useServiceInfo();
  const h = health.data;
  const s = service.data;
  return (
    <Card
      title={t('Service_status')}
      loading={health.isLoading}
      data-testid="service-status-card"
      extra={
        h && (
          <Tag color={STATUS_COLOR[h.status]} data-testid="service-status">
            {t(`health.${h.status}`)}
          </Tag>
        )
      }
    >
      {h && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('Database')}>
            <Badge status={h.database.ok ? 'success' : 'error'} />{' '}
            <span data-testid="service-database">
              {h.database.kind} · {h.database.ok ? t('Reachable') : t('Unreachable')} · {h.database.ms} ms
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('Migrations')}>
            <Badge status={h.migrations.current ? 'success' : 'error'} /> {h.migrations.applied} /{' '}
            {h.migrations.expected}
          </Descriptions.Item>
          <Descriptions.Item label={t('Judge_queue')}>
            <span data-testid="service-queue">
              {t('Queued')} {h.queue.queued} · {t('Judging')} {h.queue.leased}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('Judge_servers')}>
            <Badge status={h.judgehosts.online > 0 ? 'success' : 'warning'} /> {t('Online')}{' '}
            {h.judgehosts.online} / {h.judgehosts.total}
            {h.judgehosts.unhealthy > 0 && ` · ${t('Cannot_judge_count', { n: h.judgehosts.unhealthy })}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('Uptime')}>{uptime(h.uptimeSeconds)}</Descriptions.Item>
        </Descriptions>
      )}
      <Table
        style={{ marginTop: 16 }}
        rowKey={(r) => `${r.host}:${r.port}`}
        size="small"
        loading={service.isLoading}
        dataSource={s?.backupService ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="service-servers"
        columns={[
          { title: t('Server'), dataIndex: 'serviceId' },
          { title: t('Host'), key: 'host', render: (_: unknown, r) => `${r.host}:${r.port ?? ''}` },
          { title: t('Cores'), key: 'cores', render: () => s?.backupCores },
          { title: t('CPU_load'), key: 'cpu', render: () => s?.backupPercentCpuLoad },
          { title: t('Memory_load'), key: 'mem', render: () => s?.backupPercentMemoryLoad },
        ]}
      />
    </Card>
  );
}
