import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `Rust`: rustc (edition 2021, -O), linked by the system cc; runs the binary. */
export const Rust = defineLanguage({
  name: 'Rust',
  sourceFile: 'main.rs',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/rustc', '--edition', '2021', '-O', '-o', 'main', 'main.rs'],
  compileEnv: { HOME: '/tmp', TMPDIR: '/tmp' },
  run: () => ({ argv: ['/p/main'] }),
  versionArgv: ['/usr/bin/rustc', '--version'],
  versionPattern: /rustc [\d.]+/,
});
