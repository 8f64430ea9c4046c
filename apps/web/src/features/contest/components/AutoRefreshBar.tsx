import { Button, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The bar above an admin helper list (AC info, admin print): the 10 s auto-refresh switch and a Refresh button.
 * It sits in the card's body, where it wraps on a narrow screen instead of squeezing the card's title.
 */
export function AutoRefreshBar({
  on,
  onChange,
  fetching,
  onRefresh,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  fetching: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('contest');
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 8,
        padding: '8px 12px',
      }}
    >
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        {t('Auto_refresh_10s')}
        <Switch
          checked={on}
          onChange={onChange}
          size="small"
          data-testid="auto-refresh"
          aria-label={t('Auto_refresh_10s')}
        />
      </span>
      <Button size="small" onClick={onRefresh} loading={fetching}>
        {t('Refresh')}
      </Button>
    </div>
  );
}
