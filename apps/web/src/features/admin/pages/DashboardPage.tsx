import { UserOutlined } from '@ant-design/icons';
import type { DashboardContest, SessionItem } from '@oj/shared';
import { Avatar, Card, Col, List, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/time.js';
import { StatusTag } from '../../contest/components/ContestTags.js';
import { useDashboardInfo, useSessions } from '../api/admin-session.js';

/**
 * /admin dashboard (doc 3): user, problem, today's judge and site contest counts; the recent contests (open ones
 * first, each linking to its edit page); recent logins; the admin's own sessions. Judge server and service status:
 * the judge area's page.
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const info = useDashboardInfo();
  const sessions = useSessions();
  const d = info.data;
  const stats = [
    { key: 'Users', value: d?.userNum },
    { key: 'Problems', value: d?.problemNum },
    { key: 'Today_judges', value: d?.todayJudgeNum },
    { key: 'Contests', value: d?.contestNum },
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map((s) => (
        <Col xs={12} lg={6} key={s.key}>
          <Card loading={info.isLoading}>
            <Statistic title={t(s.key)} value={s.value ?? 0} />
          </Card>
        </Col>
      ))}
      <Col xs={24}>
        <Card
          title={t('Recent_contests')}
          styles={{ body: { padding: 0 } }}
          data-testid="dashboard-recent-contests"
        >
          <Table<DashboardContest>
            rowKey="id"
            size="small"
            loading={info.isLoading}
            dataSource={d?.recentContest ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('common:No_data') }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              {
                title: t('Contest_title'),
                dataIndex: 'title',
                render: (v: string, c) => <Link to={`/admin/contest/${c.id}/edit`}>{v}</Link>,
              },
              {
                title: t('Contest_rule'),
                dataIndex: 'type',
                render: (v: number) => (v === 1 ? 'OI' : 'ACM'),
              },
              { title: t('Start_time'), dataIndex: 'startTime', render: (v: string) => formatTime(v) },
              { title: t('End_time'), dataIndex: 'endTime', render: (v: string) => formatTime(v) },
              { title: t('Status'), dataIndex: 'status', render: (v: number) => <StatusTag status={v} /> },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('Recent_logins')}>
          <List
            loading={info.isLoading}
            dataSource={d?.recentLoginUsers ?? []}
            locale={{ emptyText: t('common:No_data') }}
            renderItem={(u) => (
              <List.Item>
                <List.Item.Meta
                  avatar={<Avatar src={u.avatar || undefined} icon={<UserOutlined />} />}
                  title={u.username}
                  description={formatTime(u.recentLoginTime)}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('My_sessions')} styles={{ body: { padding: 0 } }}>
          <Table<SessionItem>
            rowKey="id"
            size="small"
            loading={sessions.isLoading}
            dataSource={sessions.data ?? []}
            pagination={false}
            scroll={{ x: 560 }}
            columns={[
              { title: t('Login_time'), dataIndex: 'gmtCreate', render: (v: string) => formatTime(v) },
              { title: 'IP', dataIndex: 'ip' },
              { title: t('Browser'), dataIndex: 'userAgent', ellipsis: true },
              {
                title: '',
                dataIndex: 'current',
                width: 90,
                render: (c: boolean) => (c ? <Tag color="green">{t('Current')}</Tag> : null),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
