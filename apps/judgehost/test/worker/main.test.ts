import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

function start(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('judgehost command line', () => {
  it('refuses a token on the command line (visible in ps), naming OJ_JUDGE_TOKEN and --token-file', () => {
    const r = start(['--token', 'secret-on-the-command-line', '--server', 'http://127.0.0.1:9']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--token is no longer accepted');
    expect(r.stderr).toContain('OJ_JUDGE_TOKEN');
    expect(r.stderr).toContain('--token-file');
  });

  it('without any token it says how to give one', () => {
    const r = start(['--server', 'http://127.0.0.1:9']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('set OJ_JUDGE_TOKEN or pass --token-file FILE');
  });
});
