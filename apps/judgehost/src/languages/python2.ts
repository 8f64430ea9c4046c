import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `Python2`: only when a `python2` interpreter is installed (Debian 12 has none: listed unavailable). */
export const Python2 = defineLanguage({
  name: 'Python2',
  sourceFile: 'main.py',
  factor: OTHER_FACTOR,
  compileArgv: ['python2', '-m', 'py_compile', 'main.py'],
  run: () => ({ argv: ['python2', '/p/main.py'] }),
  versionArgv: ['python2', '--version'],
  versionPattern: /Python [\d.]+/,
});
