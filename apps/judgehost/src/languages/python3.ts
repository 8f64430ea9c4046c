import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `Python3` (CPython): the compile step is a syntax check (py_compile); runs `python3 main.py`. */
export const Python3 = defineLanguage({
  name: 'Python3',
  sourceFile: 'main.py',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/python3', '-m', 'py_compile', 'main.py'],
  run: () => ({ argv: ['/usr/bin/python3', '/p/main.py'] }),
  versionArgv: ['python3', '--version'],
  versionPattern: /Python [\d.]+/,
});
