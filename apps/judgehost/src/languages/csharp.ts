import { defineLanguage, OTHER_FACTOR } from './base.js';

/** Mono keeps its per-user files under HOME; the box's /tmp is fresh and writable. */
const MONO_ENV = { HOME: '/tmp', MONO_SHARED_DIR: '/tmp' };

/** `C#` (Mono): `mcs -optimize+` to main.exe, run with `mono`. */
export const CSharp = defineLanguage({
  name: 'C#',
  sourceFile: 'main.cs',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/mcs', '-optimize+', '-out:main.exe', 'main.cs'],
  compileEnv: MONO_ENV,
  run: (limits) => ({
    argv: ['/usr/bin/mono', '/p/main.exe'],
    env: MONO_ENV,
    limits: { ...limits, processes: limits.processes + 16 },
  }),
  versionArgv: ['mono', '--version'],
  versionPattern: /version [\d.]+/,
});
