import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConfig } from '../../src/sandbox/config.js';
import { createWorkDir, removeWorkDir, runSandboxed } from '../../src/sandbox/index.js';
import { BASE_LIMITS } from '../sandbox/helpers.js';
import { CANARY } from './harness.js';

// Issue 7, hole 7: the judgehost's environment (its token) must reach neither bubblewrap nor the box.

let workDir = '';
beforeAll(async () => {
  workDir = await createWorkDir();
});
afterAll(async () => {
  await removeWorkDir(workDir);
});

/** Environments of every host process running as one of the sandbox uids (bwrap, oj-init, the program). */
function sandboxEnvirons(): { pid: string; comm: string; environ: string }[] {
  const { uidBase, uidCount } = sandboxConfig();
  const found: { pid: string; comm: string; environ: string }[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      if (uid < uidBase || uid >= uidBase + uidCount) continue;
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      found.push({ pid, comm, environ: readFileSync(`/proc/${pid}/environ`, 'latin1') });
    } catch {}
  }
  return found;
}

describe('environment of the sandbox processes', () => {
  it('neither bubblewrap on the host nor any process the box can see holds the judgehost environment', async () => {
    expect(process.env.OJ_JUDGE_TOKEN).toBe(CANARY);
    const run = runSandboxed({
      argv: ['/bin/sh', '-c', 'for f in /proc/[0-9]*/environ; do cat "$f"; echo; done; sleep 1'],
      workDir,
      limits: BASE_LIMITS,
    });
    const seen: { pid: string; comm: string; environ: string }[] = [];
    const deadline = Date.now() + 900;
    while (Date.now() < deadline) {
      seen.push(...sandboxEnvirons());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await run;
    expect(result.verdict).toBe('OK');
    // The box read its own processes' environments: only what the sandbox sets.
    expect(result.stdout.toString()).toContain('PATH=/usr/local/bin:/usr/bin:/bin');
    expect(result.stdout.toString()).not.toContain(CANARY);
    // On the host, bwrap (outside the box's pid namespace) and the box's processes were seen and are clean.
    expect(seen.map((p) => p.comm)).toContain('bwrap');
    const leaking = seen.filter((p) => p.environ.includes(CANARY)).map((p) => `${p.pid} ${p.comm}`);
    expect(leaking).toEqual([]);
  });
});
