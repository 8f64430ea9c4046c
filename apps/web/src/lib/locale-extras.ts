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

/** antd's locale for `lang` (undefined: antd's own English), once `loadLocaleExtras(lang)` has resolved. */
export function antdLocale(lang: Lang): Locale | undefined {
  return lang === 'zh-CN' ? antdZh : undefined;
}
