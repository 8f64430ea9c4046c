import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JudgeCaseVo } from '../api/types.js';

/**
 * A case that was run twice for a borderline TLE (docs/judging.md "Borderline TLE re-check"): "re-run: 1,030 ms →
 * 980 ms", the first and the second run's CPU times (ms) in the page's language; the tooltip says which run counts.
 * Nothing for a case run once.
 */
export function RerunNote({ rerun }: { rerun: JudgeCaseVo['rerun'] | undefined }) {
  const { t, i18n } = useTranslation('submission');
  if (!rerun) return null;
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <Tooltip title={t('Rerun_hint')}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid="case-rerun">
        {t('Rerun_times', { first: n.format(rerun.firstMs), second: n.format(rerun.secondMs) })}
      </Typography.Text>
    </Tooltip>
  );
}
