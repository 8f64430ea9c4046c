import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `PyPy3`: syntax check with py_compile, then `pypy3 main.py`. */
export const PyPy3 = defineLanguage({
  name: 'PyPy3',
  sourceFile: 'main.py',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/pypy3', '-m', 'py_compile', 'main.py'],
  run: () => ({ argv: ['/usr/bin/pypy3', '/p/main.py'] }),
  versionArgv: ['pypy3', '--version'],
  versionPattern: /PyPy [\d.]+/,
});
