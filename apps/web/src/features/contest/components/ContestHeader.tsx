import { SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { CONTEST_STATUS_INFO, ContestStatus, type ContestStatusCode, ContestType } from '@oj/shared';
import { Button, Popover, Slider, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readableColor, SURFACE } from '../../../lib/contrast.js';
import { useResolvedTheme } from '../../../lib/theme.js';
import { formatDuration, formatTime } from '../../../lib/time.js';
import type { ContestVo } from '../api/types.js';
import { countdown, durationMs, progressPercent, sliderLabel } from '../lib/clock.js';
import { AuthTag } from './ContestTags.js';

/**
 * The contest header of doc 2 §2.7: title, auth tag, group button, participants, rule badge, start and end, a
 * progress slider (tooltip: 00:00:00 before the start, elapsed while running, full length after), the coloured
 * countdown and a settings popover with the "contains submissions after the contest" switch.
 */
export function ContestHeader({
  contest: c,
  now,
  containsEnd,
  onContainsEnd,
}: {
  contest: ContestVo;
  now: number;
  containsEnd: boolean;
  onContainsEnd: (v: boolean) => void;
}) {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const theme = useResolvedTheme();
  const cd = countdown(c, now);
  const colour = (CONTEST_STATUS_INFO[cd.phase as ContestStatusCode] ?? CONTEST_STATUS_INFO[1]).color;
  const label =
    cd.phase === ContestStatus.SCHEDULED
      ? t('Starts_in', { time: formatDuration(cd.ms) })
      : cd.phase === ContestStatus.RUNNING
        ? t('Ends_in', { time: formatDuration(cd.ms) })
        : t('status.Ended');
  const total = durationMs(c);
  return (
    <section
      data-testid="contest-header"
      style={{
        background: 'var(--oj-bg-container)',
        borderRadius: 8,
        padding: '16px 16px 4px',
        marginBottom: 12,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: '1 1 auto' }} data-testid="contest-title">
          {c.title}
        </Typography.Title>
        <Popover
          trigger="click"
          placement="bottomRight"
          content={
            <Space>
              <span>{t('Contains_after_contest')}</span>
              <Switch checked={containsEnd} onChange={onContainsEnd} data-testid="contains-end" />
            </Space>
          }
        >
          <Button type="text" icon={<SettingOutlined />} aria-label={t('Settings')} />
        </Popover>
      </div>
      <Space wrap size={[8, 4]} style={{ marginTop: 8 }}>
        <AuthTag auth={c.auth} />
        <Tag color={c.type === ContestType.OI ? 'gold' : 'blue'}>
          {c.type === ContestType.OI ? 'OI' : 'ACM'}
        </Tag>
        {c.gid != null && (
          <Button size="small" onClick={() => navigate(`/group/${c.gid}/contest`)}>
            {t('Group_contest')}
          </Button>
        )}
        <span>
          <TeamOutlined /> {c.count}
        </span>
        <span style={{ color: 'var(--oj-text-secondary)' }}>
          {t('Start_time')}: {formatTime(c.startTime)}
        </span>
        <span style={{ color: 'var(--oj-text-secondary)' }}>
          {t('End_time')}: {formatTime(c.endTime)}
        </span>
      </Space>
      <Slider
        value={progressPercent(c, now)}
        step={total > 0 ? 100 / (total / 1000) : 1}
        tooltip={{ formatter: () => sliderLabel(c, now) }}
        styles={{ track: { background: colour } }}
        data-testid="contest-progress"
        ariaLabelForHandle={t('Progress')}
      />
      <div
        style={{
          textAlign: 'center',
          color: readableColor(colour, SURFACE[theme]),
          fontWeight: 600,
          paddingBottom: 8,
        }}
        data-testid="countdown"
      >
        {label}
      </div>
    </section>
  );
}
