import { Input, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The switches of a scoreboard (doc 2 §2.9). */
export interface BoardSwitches {
  removeStar: boolean;
  containsEnd: boolean;
  forceRefresh: boolean;
  autoRefresh: boolean;
}

/**
 * Scoreboard controls of doc 2 §2.9: search box, star-user switch (remove star users), after-contest switch,
 * force update (contest admins only) and the auto-refresh (every 30 s, or live while the event stream is up;
 * disabled once the contest has ended).
 */
export function BoardControls({
  value,
  onChange,
  onSearch,
  showForce,
  ended,
  live = false,
}: {
  value: BoardSwitches;
  onChange: (v: BoardSwitches) => void;
  onSearch: (keyword: string) => void;
  showForce: boolean;
  ended: boolean;
  /** The live stream is up: the auto-refresh follows its board events instead of a 30 s timer. */
  live?: boolean;
}) {
  const { t } = useTranslation('contest');
  const sw = (key: keyof BoardSwitches, label: string, disabled = false, tip?: string) => (
    <Tooltip title={tip}>
      <Space size={4}>
        <span>{label}</span>
        <Switch
          size="small"
          checked={value[key]}
          disabled={disabled}
          aria-label={label}
          onChange={(v) => onChange({ ...value, [key]: v })}
          data-testid={`board-${key}`}
        />
      </Space>
    </Tooltip>
  );
  return (
    <Space wrap size={[16, 8]} style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        placeholder={t('Search_user')}
        onSearch={(v) => onSearch(v.trim())}
        style={{ width: 180 }}
        data-testid="board-search"
      />
      {sw('removeStar', t('Remove_star'))}
      {sw('containsEnd', t('After_contest'))}
      {showForce && sw('forceRefresh', t('Force_update'), false, t('Force_update_tip'))}
      {sw(
        'autoRefresh',
        live && !ended ? t('Auto_refresh_live') : t('Auto_refresh'),
        ended,
        ended ? t('Auto_refresh_ended') : live ? t('Auto_refresh_live_tip') : undefined,
      )}
    </Space>
  );
}
