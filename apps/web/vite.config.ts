import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

/**
 * Vite build of the single-page app. Dev: `/api` is proxied to the server on 127.0.0.1:8080.
 * Production: `dist/` is served by the server (history-mode fallback there). The manifest feeds
 * `bench/web/bundle-size.ts`. Every text file of `dist/` also gets `.br` and `.gz` siblings (build/precompress.ts).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // The shared package's zod schemas (and zod itself) are only pulled in by the pages that validate with
      // them: unused schema modules are dropped instead of being kept for their top-level `z.object()` calls.
      treeshake: {
        moduleSideEffects: (id) => !/packages\/shared\/src\/schemas\/|node_modules\/zod\//.test(id),
      },
    },
  },
});
