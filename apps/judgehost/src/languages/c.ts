import { defineLanguage } from './base.js';

function c(name: string, optimize: boolean) {
  return defineLanguage({
    name,
    sourceFile: 'main.c',
    factor: 1,
    compileArgv: [
      '/usr/bin/gcc',
      '-DONLINE_JUDGE',
      '-pipe',
      '-w',
      '-fmax-errors=5',
      // Headers shipped beside the source (testlib.h, graders) are found with either include form.
      '-I.',
      '-std=gnu11',
      ...(optimize ? ['-O2'] : []),
      'main.c',
      '-o',
      'main',
      '-lm',
    ],
    run: () => ({ argv: ['/p/main'] }),
    versionArgv: ['gcc', '--version'],
    versionPattern: /^gcc .*$/m,
  });
}

/** `C` (GNU C11, no optimisation) and `C With O2`. */
export const C = c('C', false);
export const CWithO2 = c('C With O2', true);
