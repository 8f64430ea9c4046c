import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../boot/theme-boot.js', import.meta.url));

/**
 * Puts `boot/theme-boot.js` (issue 28: the theme chosen before the first paint) first in index.html's <head> as a
 * classic, blocking `<script src>` (the CSP's `script-src 'self'` allows no inline script). The build writes it as
 * `assets/theme-boot-<hash>.js`, so it is cached as immutable like the other hashed assets; the dev server serves
 * the source file as is.
 */
export function themeBoot(): Plugin {
  let fileName = '';
  let code = '';
  let isBuild = false;
  return {
    name: 'oj-theme-boot',
    configResolved(config) {
      isBuild = config.command === 'build';
      code = readFileSync(SOURCE, 'utf8');
      fileName = `assets/theme-boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    },
    transformIndexHtml() {
      return [
        {
          tag: 'script',
          attrs: { src: isBuild ? `/${fileName}` : '/boot/theme-boot.js' },
          injectTo: 'head-prepend',
        },
      ];
    },
    generateBundle() {
      // Without its comment lines and indentation (~0.5 KB instead of ~0.9 KB on a cold load); no minifier needed
      // for a dozen lines we write ourselves.
      const lean = code
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('//'))
        .join('\n');
      this.emitFile({ type: 'asset', fileName, source: `${lean}\n` });
    },
  };
}
