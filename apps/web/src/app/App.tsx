import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../lib/i18n.js';
import { antdLocale } from '../lib/locale-extras.js';
import { queryClient } from '../lib/query-client.js';
import { getRouter } from './router.js';

/**
 * Providers around the router: TanStack Query, Ant Design with the locale following the language (zh_CN
 * loaded on demand, antd's built-in English otherwise). Toasts use antd's static `message` (see lib/notify.ts),
 * so no antd App context is needed.
 */
export function App() {
  const lang = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(lang)} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <RouterProvider router={getRouter()} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
