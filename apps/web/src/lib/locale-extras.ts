import type { Locale } from 'antd/es/locale';
import type { Lang } from './i18n.js';

let antdZh: Locale | undefined;

/**
 * Loads what a language needs beyond its texts: for Chinese, antd's zh_CN locale and dayjs's zh-cn (English is
 * built into both). Awaited before the first render and before a language switch, so nothing shows half-English.
 */
export async function loadLocaleExtras(lang: Lang): Promise<void> {
  if (lang !== 'zh-CN' || antdZh) return;
  const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
  antdZh = antd.default;
}

/**
 * antd's locale for `lang` once `loadLocaleExtras(lang)` has resolved. Never undefined: antd's ConfigProvider
 * wraps its children in a LocaleProvider only when given a locale, so switching between none and one remounts the
 * whole page (losing form errors and results). English is `{ locale: 'en' }`: antd's built-in English texts.
 */
const antdEn: Locale = { locale: 'en' };
export function antdLocale(lang: Lang): Locale {
  return lang === 'zh-CN' ? (antdZh ?? antdEn) : antdEn;
}
