/**
 * zod compiles an object schema's parser with `new Function` when the page allows it, and finds out by trying: under
 * the app's Content-Security-Policy (no 'unsafe-eval') that try is a CSP violation, reported once per page that
 * validates a form. The web app never asks: it parses with zod's interpreter. Imported first by the entry.
 *
 * zod keeps its global config on `globalThis.__zod_globalConfig` (`zod/v4/core/core.js`: created empty when absent,
 * merged into by `config()`), so it is set here without importing zod: `import { config } from 'zod'` put zod's
 * whole classic API (~45 KB brotli) in the entry chunk, on every page, though the home page parses nothing
 * (issue 25 item 21). `zod-jitless.test.ts` checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
