import { defineLanguage, OTHER_FACTOR } from './base.js';

/** `Ruby`: `ruby -c` as the compile step; runs `ruby main.rb`. */
export const Ruby = defineLanguage({
  name: 'Ruby',
  sourceFile: 'main.rb',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/ruby', '-c', 'main.rb'],
  compileNoise: /^Syntax OK$/m,
  run: (limits) => ({
    argv: ['/usr/bin/ruby', '/p/main.rb'],
    limits: { ...limits, processes: limits.processes + 8 },
  }),
  versionArgv: ['ruby', '--version'],
  versionPattern: /ruby [\d.p]+/,
});
