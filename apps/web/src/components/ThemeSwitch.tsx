import { useTranslation } from 'react-i18next';
import { setThemePreference, THEME_PREFERENCES, useThemePreference } from '../lib/theme.js';
import { NativeSelect } from './NativeSelect.js';

/**
 * The site theme's picker (issue 28): light, dark or follow the system, remembered per browser (`lib/theme.ts`). A
 * native select (no antd Select on the pages that carry it: footer, admin header).
 */
export function ThemeSwitch({ style }: { style?: React.CSSProperties }) {
  const { t } = useTranslation();
  const pref = useThemePreference();
  return (
    <NativeSelect
      value={pref}
      onChange={setThemePreference}
      options={THEME_PREFERENCES.map((p) => ({ value: p, label: t(`Theme_${p}`) }))}
      aria-label={t('Theme')}
      title={t('Theme')}
      data-testid="theme-switch"
      // Its own line height: a parent's (the admin header's 64 px) would push the text out of the 28 px box.
      style={{ height: 28, lineHeight: 'normal', verticalAlign: 'middle', ...style }}
    />
  );
}
