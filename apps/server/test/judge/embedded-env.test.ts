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
    };
    Object.assign(process.env, secrets, { OJ_SANDBOX_UID_BASE: '63000' });
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
      expect(env).toContain('OJ_SANDBOX_UID_BASE=63000');
      expect(names).toContain('PATH');
      for (const [name, value] of Object.entries(secrets)) {
        expect(names).not.toContain(name);
        expect(env.join('\n')).not.toContain(value);
      }
    } finally {
      for (const name of [...Object.keys(secrets), 'OJ_SANDBOX_UID_BASE']) delete process.env[name];
      await judge.stop(2000);
    }
  });
});
