import { GithubOutlined, LinkOutlined, UserOutlined } from '@ant-design/icons';
import { isHttpUrl } from '@oj/shared';
import {
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { Markdown } from '../../../components/Markdown.js';
import { session, useSession } from '../../../lib/session.js';
import { formatTime } from '../../../lib/time.js';
import { acRate, oiScore } from '../../rank/lib/rank-math.js';
import { TrainingProgressCard } from '../../training/components/TrainingProgressCard.js';
import { useUserCalendarHeatmap, useUserHomeInfo, type Who } from '../api/user-home.js';
import { DifficultyStats } from '../components/DifficultyStats.js';

const HeatCalendar = lazy(() => import('../components/HeatCalendar.js'));

/**
 * /user-home?uid&username (doc 1 §2.9): profile card, solved / submissions / OI score / AC rate (the rank tables'
 * figures and scale), solved problem
 * list, training progress, year heat calendar and difficulty statistics. Without query the signed-in user's own home.
 */
export default function UserHomePage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const { token } = useSession();
  const who: Who = { uid: params.get('uid') ?? undefined, username: params.get('username') ?? undefined };
  const anonymousSelf = !who.uid && !who.username && !token;
  const info = useUserHomeInfo(who);
  const heat = useUserCalendarHeatmap(who);

  if (anonymousSelf) {
    return (
      <Result
        status="403"
        title={t('common:Please_login_first')}
        extra={
          <Button type="primary" onClick={() => session.openLoginModal('Login')}>
            {t('common:Login')}
          </Button>
        }
      />
    );
  }
  if (info.isLoading) return <Skeleton active className="oj-page" />;
  const u = info.data;
  if (!u) return <Result status="404" title={t('User_not_found')} />;

  return (
    <div className="oj-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <div style={{ textAlign: 'center' }}>
              <Avatar size={96} src={u.avatar || undefined} icon={<UserOutlined />} />
              <Typography.Title level={3} style={{ margin: '12px 0 0' }} data-testid="profile-username">
                {u.username}
              </Typography.Title>
              {u.nickname && (
                <Typography.Text type="secondary" data-testid="profile-nickname">
                  {u.nickname}
                </Typography.Text>
              )}
              {u.titleName && (
                <div style={{ marginTop: 6 }}>
                  <ColorTag color={u.titleColor ?? undefined}>{u.titleName}</ColorTag>
                </div>
              )}
            </div>
            <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
              {u.school && <Typography.Text>{u.school}</Typography.Text>}
              <ProfileLink url={u.github} icon={<GithubOutlined />} />
              <ProfileLink url={u.blog} icon={<LinkOutlined />} />
              {u.recentLoginTime && (
                <Typography.Text type="secondary">
                  {t('Recent_login')}: {formatTime(u.recentLoginTime)}
                </Typography.Text>
              )}
            </Space>
            {u.signature && (
              <div style={{ marginTop: 16 }}>
                <Markdown source={u.signature} />
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card>
            <Row gutter={[16, 16]} data-testid="user-stats">
              <Col xs={12} sm={6}>
                <Statistic title={t('Solved')} value={u.solvedList.length} />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic title={t('Submissions')} value={u.total} />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic
                  title={t('OI_score')}
                  value={oiScore(u.rankRecord.score)}
                  data-testid="user-oi-score"
                />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic
                  title={t('AC_rate')}
                  value={acRate(u.rankRecord.ac, u.rankRecord.total)}
                  data-testid="user-ac-rate"
                />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic
                  title={
                    u.cfUsername ? (
                      <a
                        href={`https://codeforces.com/profile/${encodeURIComponent(u.cfUsername)}`}
                        target="_blank"
                        rel="noreferrer noopener"
                      >
                        {t('CF_rating')}
                      </a>
                    ) : (
                      t('CF_rating')
                    )
                  }
                  value={u.cfRating ?? '—'}
                  data-testid="user-cf-rating"
                />
              </Col>
            </Row>
          </Card>
          <Card title={t('Heat_calendar')} style={{ marginTop: 16 }}>
            {heat.data ? (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
                <HeatCalendar heatmap={heat.data} />
              </Suspense>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
          <Card title={t('Difficulty_statistics')} style={{ marginTop: 16 }}>
            <DifficultyStats groups={u.solvedGroupByDifficulty} />
          </Card>
          <Card title={t('Solved_problems')} style={{ marginTop: 16 }}>
            {u.solvedList.length === 0 ? (
              <Empty description={t('No_solved')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Space wrap>
                {u.solvedList.map((pid) => (
                  <Link key={pid} to={`/problem/${pid}`}>
                    <Tag color="blue">{pid}</Tag>
                  </Link>
                ))}
              </Space>
            )}
          </Card>
          <TrainingProgressCard uid={u.uid} />
        </Col>
      </Row>
    </div>
  );
}

/** A profile link (github, blog): a link only when it is http(s), else plain text (issue 8 finding 8). */
function ProfileLink({ url, icon }: { url: string; icon: ReactNode }) {
  if (!url) return null;
  if (!isHttpUrl(url)) {
    return (
      <Typography.Text>
        {icon} {url}
      </Typography.Text>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {icon} {url}
    </a>
  );
}
