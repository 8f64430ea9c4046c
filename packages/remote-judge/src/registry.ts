/**
 * `adapterFor(oj)`: the adapter of each remote judge, at the base URL of `OJ_REMOTE_<OJ>_URL` (config.ts).
 */
import type { RemoteOjName } from '@oj/shared';
import type { RemoteJudgeAdapter } from './adapter.js';
import { AtCoderAdapter } from './atcoder.js';
import { CodeforcesAdapter } from './codeforces.js';
import { remoteJudgeBaseUrl } from './config.js';
import { HduAdapter } from './hdu.js';
import { PojAdapter } from './poj.js';
import { SpojAdapter } from './spoj.js';

export interface AdapterOptions {
  /** Overrides the environment's base URL (tests). */
  baseUrl?: string;
  env?: NodeJS.ProcessEnv;
}

/** A new adapter for `oj` (cheap: adapters keep no state; sessions do). */
export function adapterFor(oj: RemoteOjName, options: AdapterOptions = {}): RemoteJudgeAdapter {
  const baseUrl = (options.baseUrl ?? remoteJudgeBaseUrl(oj, options.env)).replace(/\/+$/, '');
  switch (oj) {
    case 'HDU':
      return new HduAdapter(baseUrl);
    case 'POJ':
      return new PojAdapter(baseUrl);
    case 'CF':
      return new CodeforcesAdapter('CF', baseUrl);
    case 'GYM':
      return new CodeforcesAdapter('GYM', baseUrl);
    case 'AC':
      return new AtCoderAdapter(baseUrl);
    case 'SPOJ':
      return new SpojAdapter(baseUrl);
  }
}
