import { UserOutlined } from '@ant-design/icons';
import type { SessionItem } from '@oj/shared';
import { Avatar, Card, Col, List, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/time.js';
import { useDashboardInfo, useSessions } from '../api/admin-session.js';

/**
 * /admin dashboard (doc 3): user, problem, today's judge and contest counts; recent logins; the admin's own
 * sessions. Judge server status comes with the judge area.
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
