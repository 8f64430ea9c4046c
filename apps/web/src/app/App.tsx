import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../lib/i18n.js';
import { antdLocale } from '../lib/locale-extras.js';
import { queryClient } from '../lib/query-client.js';
import { useReducedMotion } from '../lib/reduced-motion.js';
import { useResolvedTheme } from '../lib/theme.js';
import { getRouter } from './router.js';

/**
 * antd's theme per look (issue 28): its default or dark algorithm. The light look's primary is #1668dc (antd's
 * #1677ff reaches only 4.1:1 on white: links, primary buttons and tabs failed WCAG AA, axe "color-contrast") and
 * its tertiary/description text 57 % black (45 % gave 3.4:1), errors (danger buttons) #cf1322 (#ff4d4f: 3.3:1).
 */
const ANTD_THEMES: Record<'light' | 'dark', ThemeConfig> = {
  light: {
    algorithm: theme.defaultAlgorithm,
    token: {
      colorPrimary: '#1668dc',
      colorInfo: '#1668dc',
      colorLink: '#1668dc',
      colorError: '#cf1322',
      colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
      colorTextDescription: 'rgba(0, 0, 0, 0.57)',
    },
    // A switch's off track carries white text ("All"): 55 % black under it reaches 4.7:1 (antd's 25 % gave 1.8:1).
    components: {
      Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    },
  },
  dark: { algorithm: theme.darkAlgorithm },
};

/** The same themes with antd's motion off, for `prefers-reduced-motion: reduce` (lib/reduced-motion.ts). */
const STILL_THEMES: Record<'light' | 'dark', ThemeConfig> = {
  light: { ...ANTD_THEMES.light, token: { ...ANTD_THEMES.light.token, motion: false } },
  dark: { ...ANTD_THEMES.dark, token: { motion: false } },
};

/** antd's theme for the look in force and the system's motion setting. */
function useAntdTheme(): ThemeConfig {
  const look = useResolvedTheme();
  return (useReducedMotion() ? STILL_THEMES : ANTD_THEMES)[look];
}

/** antd's theme and locale as they are now, for the trees antd renders outside <App/>. */
function StaticHolder({ children }: { children: React.ReactNode }) {
  const lang = useLanguage();
  const antdTheme = useAntdTheme();
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={antdTheme}>
      {children}
    </ConfigProvider>
  );
}

// antd's static methods (message toasts, Modal.confirm) render outside <App/>: they get the same theme and locale.
ConfigProvider.config({ holderRender: (children) => <StaticHolder>{children}</StaticHolder> });

/**
 * Providers around the router: TanStack Query, Ant Design with the locale following the language (zh_CN
 * loaded on demand, antd's built-in English otherwise) and the algorithm following the theme (`lib/theme.ts`).
 * Toasts use antd's static `message` (see lib/notify.ts), so no antd App context is needed.
 */
export function App() {
  const lang = useLanguage();
  const antdTheme = useAntdTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(lang)} theme={antdTheme}>
        <RouterProvider router={getRouter()} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
