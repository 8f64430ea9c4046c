/**
 * Each remote judge's base URL: `OJ_REMOTE_<OJ>_URL`, the real site when unset (README, .env.example). Tests point
 * them at the local replicas (src/testing). GYM is served by Codeforces.
 */
import { RemoteOj, type RemoteOjName } from '@oj/shared';

/** The real sites. */
export const REMOTE_JUDGE_DEFAULT_URLS: Record<RemoteOjName, string> = {
  HDU: 'https://acm.hdu.edu.cn',
  CF: 'https://codeforces.com',
  GYM: 'https://codeforces.com',
  POJ: 'http://poj.org',
  AC: 'https://atcoder.jp',
  SPOJ: 'https://www.spoj.com',
};

/** The environment variable naming an OJ's base URL. */
export function remoteJudgeUrlVariable(oj: RemoteOjName): string {
  return `OJ_REMOTE_${oj}_URL`;
}

/** Every `OJ_REMOTE_<OJ>_URL` variable (a test checks README and .env.example list them all). */
export const REMOTE_JUDGE_URL_VARIABLES: string[] = RemoteOj.map(remoteJudgeUrlVariable);

/** The base URL of `oj` from `env` (no trailing slash), else the real site's. */
export function remoteJudgeBaseUrl(oj: RemoteOjName, env: NodeJS.ProcessEnv = process.env): string {
  const v = env[remoteJudgeUrlVariable(oj)]?.trim();
  return (v || REMOTE_JUDGE_DEFAULT_URLS[oj]).replace(/\/+$/, '');
}
