import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { loadLocaleExtras } from './locale-extras.js';

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

/** Every namespace of every locale is its own small chunk (`locales/<lang>/<ns>.json`), loaded when used. */
const DICTIONARIES = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** i18next backend reading those chunks: a page's namespace arrives with (or just before) the page itself. */
const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, cb: (err: Error | null, data?: Record<string, unknown>) => void) {
    const load = DICTIONARIES[`../locales/${lng}/${ns}.json`];
    if (!load) {
      cb(new Error(`no dictionary ${lng}/${ns}`));
      return;
    }
    load().then(
      (m) => cb(null, m.default),
      (e: Error) => cb(e),
    );
  },
};

/**
 * Initialises i18next in the detected language with the `common` namespace (awaited by main.tsx before the
 * first render); other namespaces load when a component asks for them (react-i18next suspends meanwhile). No
 * fallback language is loaded: the locales test guarantees both hold the same keys.
 */
export async function initI18n(lang: Lang = initialLanguage()): Promise<void> {
  const extras = loadLocaleExtras(lang);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // i18next 25 logs an advertisement to every visitor's console once per page load otherwise.
      showSupportNotice: false,
    });
  await extras;
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
  // changeLanguage loads the namespaces in use for the new language before switching.
  void loadLocaleExtras(next)
    .then(() => i18n.changeLanguage(next))
    .then(() => {
      dayjs.locale(next === 'zh-CN' ? 'zh-cn' : 'en');
      document.documentElement.lang = next;
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
