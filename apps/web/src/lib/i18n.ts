import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/** The two locales of doc 1 §9. */
export type Lang = 'zh-CN' | 'en-US';
const LANG_KEY = 'languages';

/**
 * Language choice of doc 1 §1: query parameter `l` (zh-cn selects Chinese, any other value English), else the
 * stored preference (local storage `languages`), else the browser language (Chinese if zh-cn, else English).
 */
export function detectLanguage(search: string, stored: string | null, browser: string | undefined): Lang {
  const l = new URLSearchParams(search).get('l');
  if (l !== null) return l.toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US';
  if (stored === 'zh-CN' || stored === 'en-US') return stored;
  return (browser ?? '').toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US';
}

function initialLanguage(): Lang {
  if (typeof window === 'undefined') return 'en-US';
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_KEY);
  } catch {
    stored = null;
  }
  return detectLanguage(window.location.search, stored, navigator.language);
}

/** Each dictionary is its own chunk: only the active language is downloaded at start. */
const LOADERS: Record<Lang, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  'en-US': () => import('../locales/en-US/index.js'),
  'zh-CN': () => import('../locales/zh-CN/index.js'),
};

async function loadDictionary(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const dict = (await LOADERS[lang]()).default;
  for (const [ns, res] of Object.entries(dict)) i18n.addResourceBundle(lang, ns, res, true, true);
}

/**
 * Initialises i18next with the detected language's dictionary (awaited by main.tsx before the first render).
 * Namespaces are the JSON files of the locale folder (`common` is the default); no fallback language is
 * loaded since the locales test guarantees both hold the same keys.
 */
export async function initI18n(lang: Lang = initialLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: lang,
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadDictionary(lang);
  await i18n.changeLanguage(lang);
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the language (stored as the preference); dayjs and the document follow, antd via the provider. */
export function setLanguage(next: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, next);
  } catch {
    // storage may be unavailable (private mode); the switch still applies to this page
  }
  void loadDictionary(next).then(() => {
    dayjs.locale(next === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = next;
    void i18n.changeLanguage(next);
  });
}

/** Toggles between Chinese and English (logo / short-name click, doc 1 §1). */
export function toggleLanguage(): void {
  setLanguage(currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN');
}

export function currentLanguage(): Lang {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** Hook: the current language, re-rendering on change. */
export function useLanguage(): Lang {
  const { i18n: inst } = useTranslation();
  return inst.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** Translates outside React (api client toasts, guard messages). */
export const t = (key: string, opts?: Record<string, unknown>): string => i18n.t(key, opts) as string;

export default i18n;
