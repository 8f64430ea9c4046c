import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `PHP` (CLI): `php -l` as the compile step; runs `php main.php` without a memory_limit of its own. */
export const PHP = defineLanguage({
  name: 'PHP',
  sourceFile: 'main.php',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/php', '-l', 'main.php'],
  compileNoise: /^No syntax errors detected in main\.php$/m,
  run: () => ({ argv: ['/usr/bin/php', '-d', 'memory_limit=-1', '/p/main.php'] }),
  versionArgv: ['php', '--version'],
  versionPattern: /PHP [\d.]+/,
});
