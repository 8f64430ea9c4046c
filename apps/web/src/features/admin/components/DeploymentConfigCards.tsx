import { Alert, Card, Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeploymentConfig } from '../api/admin-config.js';

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
const onOff = (on: boolean, t: (k: string) => string) => (
  <Tag color={on ? 'green' : 'red'}>{on ? t('On') : t('Off')}</Tag>
);

/**
 * System Config's read-only sections (doc 3 System Config "mobile", "datasource", "judge"): what the deployment
 * fixes (environment variables, judgehosts), never a password: the database URL comes masked. The judge switches
 * are changed on the Switch page (linked).
 */
export function DeploymentConfigCards() {
  const { t } = useTranslation('admin');
  const q = useDeploymentConfig();
  const d = q.data;
  const fixedBy = (what: string) => (
    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere', fontSize: 12 }}>
      {t('Fixed_by', { what })}
    </Typography.Text>
  );
  return (
    <>
      <Card
        title={t('Datasource_config')}
        loading={q.isLoading}
        extra={fixedBy('DATABASE_URL')}
        data-testid="conf-datasource"
      >
        {d && (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('Db_kind')}>
              {d.datasource.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}
              {!d.datasource.fromUrl && ` (${t('Db_embedded')})`}
            </Descriptions.Item>
            <Descriptions.Item label={t('Db_url')}>
              <code style={{ overflowWrap: 'anywhere' }} data-testid="conf-db-url">
                {dash(d.datasource.url)}
              </code>
            </Descriptions.Item>
            <Descriptions.Item label={t('Db_host')}>
              {dash(d.datasource.host)}
              {d.datasource.port ? `:${d.datasource.port}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('Db_name')}>{dash(d.datasource.database)}</Descriptions.Item>
            <Descriptions.Item label={t('Db_username')}>{dash(d.datasource.username)}</Descriptions.Item>
            <Descriptions.Item label="Redis">{t('Redis_none')}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card
        title={t('Judge_config')}
        loading={q.isLoading}
        extra={<Link to="/admin/switch">{t('Change_on_switch_page')}</Link>}
        data-testid="conf-judge"
      >
        {d && (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('Embedded_workers')}>
              {d.judge.embeddedWorkers}
              <br />
              {fixedBy('OJ_EMBEDDED_JUDGE_WORKERS')}
            </Descriptions.Item>
            <Descriptions.Item label={t('Judge_token')}>
              {d.judge.tokenFromEnv ? t('Token_from_env') : t('Token_generated')}
            </Descriptions.Item>
            <Descriptions.Item label={t('Judgehosts')}>
              {d.judge.judgehostsOnline} / {d.judge.judgehostsTotal}
            </Descriptions.Item>
            <Descriptions.Item label={t('Submit_interval')}>
              {d.judge.defaultSubmitInterval} s
            </Descriptions.Item>
            <Descriptions.Item label={t('Public_judge')}>
              {onOff(d.judge.openPublicJudge, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('Contest_judge')}>
              {onOff(d.judge.openContestJudge, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('Group_judge')}>{onOff(d.judge.openGroupJudge, t)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('Sms_config')} loading={q.isLoading} data-testid="conf-sms">
        {d && (
          <Alert
            type="info"
            showIcon
            message={d.sms.provider ?? t('Sms_none')}
            description={t('Sms_none_detail')}
          />
        )}
      </Card>
    </>
  );
}
