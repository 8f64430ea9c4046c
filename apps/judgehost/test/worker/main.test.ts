import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { claimUidRange } from '../../src/sandbox/setup.js';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

function start(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
    timeout: 30_000,
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

  it('a judgehost started on a uid range another one holds exits 1 at once, naming the range and the settings', async () => {
    // Issue 22: the lock used to be tried at the first job only, so the judgehost kept leasing and failing jobs.
    const { base, count } = await claimUidRange(false); // this process is the other judgehost
    const r = start(['--server', 'http://127.0.0.1:9'], {
      OJ_JUDGE_TOKEN: 'token',
      OJ_SANDBOX_UID_BASE: String(base),
      OJ_SANDBOX_UID_COUNT: String(count),
      OJ_SANDBOX_DIR: sandboxConfig().dir,
    });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `the sandbox uids ${base}..${base + count - 1} are in use by another judgehost`,
    );
    expect(r.stderr).toContain('OJ_SANDBOX_UID_BASE');
  });
});
