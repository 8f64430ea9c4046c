import './lib/zod-jitless.js';
import './lib/antd-react19.js';
import './app/global.css';
import './app/a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { preloadRoutesFor } from './app/router.js';
import { initI18n } from './lib/i18n.js';

/**
 * Entry: i18n first (language detection, the one dictionary needed), then the app. Meanwhile a deep link into a
 * lazily discovered area (back office, a group, a contest, a training) fetches that area's route table.
 */
const i18nReady = initI18n();
preloadRoutesFor(window.location.pathname);
void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
