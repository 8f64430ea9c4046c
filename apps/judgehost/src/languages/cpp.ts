import { defineLanguage } from './base.js';

function cpp(name: string, std: string, optimize: boolean) {
  return defineLanguage({
    name,
    sourceFile: 'main.cpp',
    factor: 1,
    compileArgv: [
      '/usr/bin/g++',
      '-DONLINE_JUDGE',
      '-pipe',
      '-w',
      '-fmax-errors=5',
      // Headers shipped beside the source (testlib.h, graders) are found with either include form.
      '-I.',
      `-std=${std}`,
      ...(optimize ? ['-O2'] : []),
      'main.cpp',
      '-o',
      'main',
      '-lm',
    ],
    run: () => ({ argv: ['/p/main'] }),
    versionArgv: ['g++', '--version'],
    versionPattern: /^g\+\+ .*$/m,
  });
}

/** `C++` is C++14 (HOJ); the others name their standard. Each with and without -O2. */
export const Cpp = cpp('C++', 'c++14', false);
export const CppWithO2 = cpp('C++ With O2', 'c++14', true);
export const Cpp17 = cpp('C++ 17', 'c++17', false);
export const Cpp17WithO2 = cpp('C++ 17 With O2', 'c++17', true);
export const Cpp20 = cpp('C++ 20', 'c++20', false);
export const Cpp20WithO2 = cpp('C++ 20 With O2', 'c++20', true);
