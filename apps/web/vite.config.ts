import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { katexWoff2Only } from './build/katex-woff2.js';
import { narrowImports } from './build/narrow-imports.js';
import { precompress } from './build/precompress.js';
import { routeChunks } from './build/route-chunks.js';
import { themeBoot } from './build/theme-boot.js';

/** Module ids rollup may drop when none of their exports is used (see `treeshake` below). */
const SIDE_EFFECT_FREE =
  /packages\/shared\/src\/schemas\/|node_modules\/(?:zod|rc-[\w-]+|@rc-component\/[\w-]+|resize-observer-polyfill)\//;

/**
 * Vite build of the single-page app. Dev: `/api` is proxied to the server on 127.0.0.1:8080.
 * Production: `dist/` is served by the server (history-mode fallback there). The manifest feeds
 * `bench/web/bundle-size.ts`. Every text file of `dist/` also gets `.br` and `.gz` siblings (build/precompress.ts).
 */
const config = {
  plugins: [themeBoot(), react(), narrowImports(), katexWoff2Only(), routeChunks(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // No module-preload polyfill in the entry chunk: index.html has no modulepreload links (the entry imports no
    // chunk statically), and without the polyfill Vite's lazy-import helper preloads with rel=preload where
    // rel=modulepreload is unsupported, so older browsers still fetch a page's chunks in parallel.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Modules known to have no side effects when nothing of them is used, so rollup may drop them: the shared
      // package's zod schemas (and zod itself), kept otherwise for their top-level `z.object()` calls, and Ant
      // Design's rc-* components, whose packages do not declare `sideEffects` (every page carried rc-field-form,
      // the async validator and rc-tree through antd's re-exports).
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
    },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is a production build whatever NODE_ENV its caller has: the quick-start test runs `npm start` from
  // Vitest, which sets NODE_ENV=test, and Vite then bundled React's and react-router's development builds (a cold
  // home page 245 KB instead of 190, and development warnings on the console of every browser test after it).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
