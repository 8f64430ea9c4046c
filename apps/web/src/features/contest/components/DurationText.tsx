import { useTranslation } from 'react-i18next';
import { durationParts } from '../lib/clock.js';

/** A contest length in words: "5 hours", "1 day 2 hours 30 minutes" (both languages). */
export function DurationText({ ms }: { ms: number }) {
  const { t } = useTranslation('contest');
  const { d, h, m } = durationParts(ms);
  const parts = [
    d ? t('n_days', { count: d }) : '',
    h ? t('n_hours', { count: h }) : '',
    m || (!d && !h) ? t('n_minutes', { count: m }) : '',
  ].filter(Boolean);
  return <>{parts.join(' ')}</>;
}
