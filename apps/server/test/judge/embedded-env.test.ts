import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedJudge } from '../../src/embedded-judge.js';

const dir = mkdtempSync(join(tmpdir(), 'oj-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { info() {}, warn() {}, error() {} };

describe('embedded judgehost environment (issue 7, hole 7)', () => {
  it('gets PATH, its OJ_SANDBOX settings and the token, never the server secrets', async () => {
    const secrets = {
      OJ_JWT_SECRET: 'jwt-secret-canary-0123456789',
      OJ_ADMIN_PASSWORD: 'admin-canary',
      DATABASE_URL: 'postgres://user:db-canary@127.0.0.1/x',
      SMTP_PASSWORD: 'smtp-canary',
      OJ_REMOTE_JUDGE_KEY: 'a'.repeat(64),
    };
    const uidBase = String(Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 63000);
    // Remote judging (issue 27): OJ_REMOTE_* reach the embedded judgehost too.
    const remote = { OJ_REMOTE_JUDGE: 'false', OJ_REMOTE_HDU_URL: 'http://127.0.0.1:9' };
    Object.assign(process.env, secrets, remote, { OJ_SANDBOX_UID_BASE: uidBase });
    const judge = startEmbeddedJudge({
      serverUrl: 'http://127.0.0.1:9',
      token: 'judge-token-canary',
      workers: 1,
      cacheDir: join(dir, 'cache'),
      log: quiet,
    });
    try {
      const pid = judge.pid();
      expect(pid).toBeGreaterThan(0);
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      const names = env.map((line) => line.slice(0, line.indexOf('=')));
      expect(env).toContain('OJ_JUDGE_TOKEN=judge-token-canary');
      expect(env).toContain(`OJ_SANDBOX_UID_BASE=${uidBase}`);
      expect(names).toContain('PATH');
      expect(env).toContain('OJ_REMOTE_JUDGE=false');
      expect(env).toContain('OJ_REMOTE_HDU_URL=http://127.0.0.1:9');
      for (const [name, value] of Object.entries(secrets)) {
        expect(names).not.toContain(name);
        expect(env.join('\n')).not.toContain(value);
      }
    } finally {
      for (const name of [...Object.keys(secrets), ...Object.keys(remote), 'OJ_SANDBOX_UID_BASE'])
        delete process.env[name];
      await judge.stop(2000);
    }
  });
});
