import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnvHelp } from '../../src/env.js';
import { buildBundles, ROOT } from './proc.js';

// Issue 28: every command explains itself (`--help` lists flags and environment variables), refuses an unknown flag
// with one line and exit code 2, reads .env (the environment wins), and runs as plain node (no tsx at run time).
const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cli-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
beforeAll(() => buildBundles(), 300_000);

/** Runs `cmd args` at the root with `env` added; never throws: returns the exit code and both outputs. */
async function sh(cmd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const r = await run(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const r = e as { code: number; stdout: string; stderr: string };
    return { code: r.code, stdout: r.stdout, stderr: r.stderr };
  }
}

const server = path.join(ROOT, 'apps/server/dist/server.js');

describe('command lines (issue 28)', () => {
  it('the server: --help lists the variables with their defaults, exit 0', async () => {
    const r = await sh(process.execPath, [server, '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Usage: npm start -- [options]');
    expect(r.stdout).toMatch(/PORT +HTTP port \(default: 8080\)/);
    for (const v of ['DATABASE_URL', 'OJ_DATA_DIR', 'OJ_DEMO_SEED', 'OJ_ENV_FILE', 'SMTP_HOST'])
      expect(r.stdout).toContain(v);
  });

  it('the server: an unknown flag is one line and a hint, exit 2', async () => {
    const r = await sh(process.execPath, [server, '--port', '80']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "npm start --: Unknown option '--port'",
      "Try 'npm start -- --help' for the options.",
    ]);
  });

  it('the server reads .env: a bad value there stops it naming the variable; the environment wins', async () => {
    const file = path.join(tmp, 'server.env');
    fs.writeFileSync(file, 'OJ_TRUST_PROXY=perhaps\nPORT=not-a-port\n');
    const r = await sh(process.execPath, [server], { OJ_ENV_FILE: file, PORT: '0', OJ_DATA_DIR: tmp });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('server not started: Invalid environment');
    expect(r.stderr).toContain('OJ_TRUST_PROXY:');
    expect(r.stderr).not.toContain('PORT:');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('npm run backup / restore -- --help: usage, FILE and the variables, exit 0 (plain node: no tsx)', async () => {
    for (const script of ['backup', 'restore']) {
      const r = await sh('npm', ['run', '--silent', script, '--', '--help']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`Usage: npm run ${script} -- [options] FILE`);
      for (const v of ['OJ_DATA_DIR', 'DATABASE_URL', 'OJ_ENV_FILE']) expect(r.stdout).toContain(v);
    }
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.backup).not.toContain('tsx');
    for (const ws of ['apps/server', 'apps/judgehost']) {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, ws, 'package.json'), 'utf8'));
      expect(pkg.dependencies.tsx, ws).toBeUndefined();
    }
  });

  it('npm run restore with an unknown flag or no FILE: one line and a hint, exit 2', async () => {
    const bad = await sh('npm', ['run', '--silent', 'restore', '--', '--force', 'x.tar']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([
      "npm run restore --: Unknown option '--force'",
      "Try 'npm run restore -- --help' for the options.",
    ]);
    const none = await sh('npm', ['run', '--silent', 'backup']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('npm run backup --: FILE is required');
  });

  it('.env.example and the README name every server variable', () => {
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const { name } of serverEnvHelp) {
      expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});
