import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSTANCE_ID, runCgroups, sweepCgroups } from '../../src/sandbox/cgroups.js';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import './helpers.js';

// Issue 7, hole 9: two judgehosts on one machine, and a judgehost restarted with its old pid.

const setup = fileURLToPath(new URL('../../src/sandbox/setup.ts', import.meta.url));

describe('one judgehost per uid range', () => {
  it('a second judgehost on the same uid range refuses to start, naming the range and the settings', async () => {
    await sandboxRuntime(); // this process holds the range now
    const { uidBase, uidCount } = sandboxConfig();
    const script = `import(${JSON.stringify(setup)}).then((m) => m.sandboxRuntime()).then(
      () => { console.log('started'); process.exit(0); },
      (e) => { console.error(e.message); process.exit(3); })`;
    const other = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, OJ_SANDBOX_UID_BASE: String(uidBase), OJ_SANDBOX_UID_COUNT: String(uidCount) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(other.status, other.stdout + other.stderr).toBe(3);
    expect(other.stderr).toContain(`the sandbox uids ${uidBase}..${uidBase + uidCount - 1} are in use`);
    expect(other.stderr).toContain('OJ_SANDBOX_UID_BASE');
  });
});

describe('cgroup names carry an instance id', () => {
  it('names runs r<pid>-<instance>-<n>, and the sweep removes an earlier life of our pid but not our own', async () => {
    const { cgroups } = await sandboxRuntime();
    const ours = runCgroups(cgroups);
    expect(ours.memory).toMatch(new RegExp(`/r${process.pid}-${INSTANCE_ID}-\\d+$`));
    const earlier = `${cgroups.memory}/r${process.pid}-00000000-1`;
    const current = `${cgroups.memory}/r${process.pid}-${INSTANCE_ID}-999999`;
    mkdirSync(earlier);
    mkdirSync(current);
    try {
      sweepCgroups(cgroups);
      expect(existsSync(earlier)).toBe(false);
      expect(existsSync(current)).toBe(true);
    } finally {
      sweepCgroups(cgroups, true);
    }
    expect(existsSync(current)).toBe(false);
  });
});
