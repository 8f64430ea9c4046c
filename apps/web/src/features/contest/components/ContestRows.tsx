import { CalendarOutlined, ClockCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { CONTEST_STATUS_INFO, ContestStatus, type ContestStatusCode } from '@oj/shared';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/time.js';
import type { ContestVo } from '../api/types.js';
import { AuthLock, AuthTag, RuleTag, StatusTag, TypeIcon } from './ContestTags.js';
import { DurationText } from './DurationText.js';

/**
 * The rows of a contest list (doc 2 §2.6, doc 3 §2 group contests): rule icon, title (opens the contest), lock,
 * start, duration, rule, auth tag, participants, the outside scoreboard button (openRank; disabled while scheduled)
 * and the status tag, on a left border in the status colour. Shared by the site's list and a group's.
 */
export function ContestRows({
  contests,
  onOpen,
  onBoard,
}: {
  contests: ContestVo[];
  onOpen: (c: ContestVo) => void;
  onBoard: (c: ContestVo) => void;
}) {
  const { t } = useTranslation('contest');
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="contest-list">
      {contests.map((c) => (
        <li
          key={c.id}
          data-testid="contest-row"
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'center',
            padding: '12px 12px',
            marginBottom: 8,
            borderLeft: `4px solid ${(CONTEST_STATUS_INFO[c.status as ContestStatusCode] ?? CONTEST_STATUS_INFO[1]).color}`,
            background: 'var(--oj-bg-subtle)',
            flexWrap: 'wrap',
          }}
        >
          <TypeIcon type={c.type} />
          <div style={{ flex: 1, minWidth: 200 }}>
            {/* A block (flex), not antd's inline-flex: the date line goes under the title, never right against it. */}
            <Space size={6} style={{ fontSize: 16, display: 'flex' }}>
              <Button
                type="link"
                onClick={() => onOpen(c)}
                style={{
                  padding: 0,
                  fontSize: 16,
                  height: 'auto',
                  whiteSpace: 'normal',
                  textAlign: 'left',
                }}
                data-testid="contest-title"
              >
                {c.title}
              </Button>
              <AuthLock auth={c.auth} />
            </Space>
            <Space
              wrap
              size={[12, 4]}
              style={{ marginTop: 6, color: 'var(--oj-text-secondary)', fontSize: 13 }}
              data-testid="contest-row-meta"
            >
              <span>
                <CalendarOutlined /> {formatTime(c.startTime)}
              </span>
              <span>
                <ClockCircleOutlined /> <DurationText ms={c.duration} />
              </span>
              <RuleTag type={c.type} oiRankScoreType={c.oiRankScoreType} />
              <AuthTag auth={c.auth} />
              <span>
                <TeamOutlined /> {c.count}
              </span>
              {c.openRank && (
                <Button
                  size="small"
                  disabled={c.status === ContestStatus.SCHEDULED}
                  onClick={() => onBoard(c)}
                  data-testid="outside-board"
                >
                  {t('Scoreboard')}
                </Button>
              )}
            </Space>
          </div>
          <StatusTag status={c.status} />
        </li>
      ))}
    </ul>
  );
}
