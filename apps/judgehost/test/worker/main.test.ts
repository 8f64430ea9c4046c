import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { judgehostEnvHelp } from '../../src/config.js';
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

  it('--help lists every flag and every variable with its default, exit 0 (issue 28: it printed a stack trace)', () => {
    const r = start(['--help']);
    expect(r.status, r.stderr).toBe(0);
    for (const flag of [
      '--server URL',
      '--token-file FILE',
      '--workers N',
      '--cache DIR',
      '--auto-uids',
      '--help',
    ])
      expect(r.stdout).toContain(flag);
    for (const v of [
      'OJ_SERVER',
      'OJ_JUDGE_TOKEN',
      'OJ_JUDGE_CACHE',
      'OJ_SANDBOX_DIR',
      'OJ_SANDBOX_UID_BASE',
      'OJ_SANDBOX_UID_COUNT',
      'OJ_CGROUP_PARENT',
      'OJ_SANDBOX_WORK_SIZE',
      'OJ_BWRAP',
      'OJ_ENV_FILE',
    ])
      expect(r.stdout).toContain(v);
    expect(r.stdout).toMatch(/OJ_CGROUP_PARENT .*\(default: oj-judge\)/);
  });

  it('an unknown flag: one line naming it and a hint, exit 2, no stack trace', () => {
    const r = start(['--frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "npm run judgehost --: Unknown option '--frobnicate'",
      "Try 'npm run judgehost -- --help' for the options.",
    ]);
    expect(r.stderr).not.toContain('ERR_PARSE_ARGS');
  });

  it('a bad setting stops it at start with a message naming the variable, no stack trace', () => {
    for (const [name, value] of [
      ['OJ_CGROUP_PARENT', '/abs/path'],
      ['OJ_SANDBOX_UID_COUNT', 'many'],
      ['OJ_BWRAP', 'bwrap'],
      ['OJ_SERVER', 'not a url'],
    ]) {
      const r = start([], { OJ_JUDGE_TOKEN: 'token', [name]: value });
      expect(r.status, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain('judgehost not started: Invalid environment');
      expect(r.stderr).toContain(`${name}:`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('reads its own settings from the .env file OJ_ENV_FILE names (the environment wins)', () => {
    const file = join(envDir, 'judgehost.env');
    // The file's bad OJ_SANDBOX_UID_COUNT is overridden by the environment; its bad OJ_CGROUP_PARENT is read.
    writeFileSync(file, 'OJ_SANDBOX_UID_COUNT=many\nOJ_CGROUP_PARENT=/from-the-file\nDATABASE_URL=x\n');
    const r = start([], { OJ_JUDGE_TOKEN: 'token', OJ_ENV_FILE: file, OJ_SANDBOX_UID_COUNT: '8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('OJ_CGROUP_PARENT:');
    expect(r.stderr).not.toContain('OJ_SANDBOX_UID_COUNT');
  });
});

describe('judgehost settings documented (issue 28)', () => {
  it('.env.example and the README name every judgehost variable', () => {
    const root = join(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const { name } of judgehostEnvHelp) {
      if (name !== 'OJ_ENV_FILE') expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});

const envDir = mkdtempSync(join(tmpdir(), 'oj-judgehost-env-'));
afterAll(() => rmSync(envDir, { recursive: true, force: true }));
