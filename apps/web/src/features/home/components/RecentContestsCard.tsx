import { CONTEST_STATUS_INFO, type ContestStatusCode } from '@oj/shared';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { Panel } from '../../../components/Panel.js';
import { formatTime } from '../../../lib/time.js';
import { useRecentContest } from '../api/home.js';

/** Recent contests card of doc 1 §2.5 (GET /api/get-recent-contest) with an empty state. */
export function RecentContestsCard() {
  const { t } = useTranslation('home');
  const { data, isLoading } = useRecentContest();
  const list = data ?? [];
  return (
    <Panel
      title={t('Recent_contests')}
      extra={<Link to="/contest">{t('More')}</Link>}
      testId="recent-contests"
    >
      {isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : list.length === 0 ? (
        <Empty description={t('No_contest')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((c) => {
            const st = CONTEST_STATUS_INFO[c.status as ContestStatusCode];
            return (
              <li
                key={c.id}
                style={{
                  padding: '10px 4px',
                  borderBottom: '1px solid var(--oj-border-split)',
                  display: 'flex',
                  gap: 12,
                }}
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Link to={`/contest/${c.id}`}>{c.title}</Link>
                  <div style={{ color: 'var(--oj-text-tertiary)', fontSize: 13 }}>
                    {formatTime(c.startTime)}
                  </div>
                </div>
                {/* Centred, not stretched to the row's two lines (the row is a flex box). */}
                {st && (
                  <ColorTag
                    color={st.color}
                    style={{ alignSelf: 'center', marginInlineEnd: 0 }}
                    data-testid="recent-contest-status"
                  >
                    {t(`contest_status.${st.name}`)}
                  </ColorTag>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
