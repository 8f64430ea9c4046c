import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkDir, removeWorkDir, runSandboxed, sandboxRuntime } from '../../src/sandbox/index.js';
import { BASE_LIMITS, compileC, leftoverCgroups, normalRun, sandboxProcesses } from './helpers.js';

/** One folder per case: `main.c` and `case.json` (expected verdict and what else a user would notice). */
interface Case {
  about: string;
  verdict: string[];
  limits?: Partial<typeof BASE_LIMITS>;
  args?: string[];
  env?: Record<string, string>;
  stdout?: string;
  stdoutMatch?: string;
  stdoutBytes?: number;
  message?: string;
  minCpuMs?: number;
  maxCpuMs?: number;
  maxWallMs?: number;
}

const casesDir = fileURLToPath(new URL('./cases/', import.meta.url));
const names = readdirSync(casesDir).sort();
const repo = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
const hostCanary = `${repo}/apps/judgehost/test/sandbox/.canary-${process.pid}`;

let server: Server;
let port = 0;
let otherWorkDir = '';
let workRoot = '';

beforeAll(async () => {
  workRoot = (await sandboxRuntime()).workRoot;
  otherWorkDir = await createWorkDir();
  server = createServer((socket) => socket.end('secret\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  server.close();
  await removeWorkDir(otherWorkDir);
});

function expand(arg: string): string {
  return arg
    .replace('{port}', String(port))
    .replace('{repo}', repo)
    .replace('{otherWorkDir}', otherWorkDir)
    .replace('{workRoot}', workRoot)
    .replace('{hostCanary}', hostCanary);
}

describe('sandbox against hostile programs', () => {
  for (const name of names) {
    const spec = JSON.parse(readFileSync(`${casesDir}${name}/case.json`, 'utf8')) as Case;
    it(`${name}: ${spec.about}`, async () => {
      const workDir = await compileC(`${casesDir}${name}/main.c`);
      try {
        const limits = { ...BASE_LIMITS, ...spec.limits };
        const result = await runSandboxed({
          argv: ['./main', ...(spec.args ?? []).map(expand)],
          workDir,
          env: spec.env,
          limits,
        });
        const out = result.stdout.toString();
        const context = `${result.verdict} ${result.message} cpu=${result.cpuMs} wall=${result.wallMs} out=${out.slice(0, 300)}`;
        expect(spec.verdict, context).toContain(result.verdict);
        if (spec.stdout !== undefined) expect(out).toBe(spec.stdout);
        if (spec.stdoutMatch) expect(out).toMatch(new RegExp(spec.stdoutMatch));
        if (spec.stdoutBytes !== undefined) expect(result.stdout.length).toBe(spec.stdoutBytes);
        if (spec.message) expect(result.message).toBe(spec.message);
        if (spec.minCpuMs !== undefined) expect(result.cpuMs, context).toBeGreaterThanOrEqual(spec.minCpuMs);
        if (spec.maxCpuMs !== undefined) expect(result.cpuMs, context).toBeLessThanOrEqual(spec.maxCpuMs);
        if (spec.maxWallMs !== undefined) expect(result.wallMs, context).toBeLessThanOrEqual(spec.maxWallMs);
        // Nothing survives, nothing is left behind, the host is untouched, and the sandbox still works.
        expect(sandboxProcesses()).toEqual([]);
        expect(await leftoverCgroups()).toEqual([]);
        expect(existsSync(hostCanary)).toBe(false);
        const next = await normalRun(workDir);
        expect([next.verdict, next.stdout.toString()]).toEqual(['OK', '5\n']);
      } finally {
        await removeWorkDir(workDir);
      }
    });
  }
});
