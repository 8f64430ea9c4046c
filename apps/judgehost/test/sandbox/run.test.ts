import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkDir,
  removeWorkDir,
  runPair,
  runSandboxed,
  sandboxSelfCheck,
} from '../../src/sandbox/index.js';
import { BASE_LIMITS, compileC, leftoverCgroups, sandboxProcesses } from './helpers.js';

const programs = fileURLToPath(new URL('./programs/', import.meta.url));
const dirs: string[] = [];

async function built(name: string): Promise<string> {
  const dir = await compileC(`${programs}${name}.c`);
  dirs.push(dir);
  return dir;
}

let guesser = '';
let interactor = '';

beforeAll(async () => {
  [guesser, interactor] = await Promise.all([built('guesser'), built('interactor')]);
});

afterAll(async () => {
  for (const dir of dirs) await removeWorkDir(dir);
});

describe('runSandboxed', () => {
  it('passes the self-check on this host', async () => {
    const check = await sandboxSelfCheck();
    expect(check).toMatchObject({ ok: true, message: '' });
    expect([1, 2]).toContain(check.cgroupVersion);
  });

  it('reads stdin from a file and writes stdout to a file', async () => {
    const dir = await createWorkDir();
    dirs.push(dir);
    writeFileSync(`${dir}/in.txt`, '40 2\n');
    const result = await runSandboxed({
      argv: ['/bin/sh', '-c', 'read a b; echo $((a + b)); echo note >&2'],
      workDir: dir,
      stdin: { file: `${dir}/in.txt` },
      stdout: { file: `${dir}/out.txt` },
      limits: BASE_LIMITS,
    });
    expect(result.verdict).toBe('OK');
    expect(readFileSync(`${dir}/out.txt`, 'utf8')).toBe('42\n');
    expect(result.stderr.toString()).toBe('note\n');
    expect(result.stdout.length).toBe(0);
  });

  it('stops a program writing past the cap to a stdout file (OLE)', async () => {
    const dir = await createWorkDir();
    dirs.push(dir);
    const result = await runSandboxed({
      argv: ['/bin/sh', '-c', 'yes flood'],
      workDir: dir,
      stdout: { file: `${dir}/out.txt` },
      limits: { ...BASE_LIMITS, outputBytes: 100_000, fileSizeBytes: 100_000 },
    });
    expect(result.verdict).toBe('OLE');
  });

  it('reports peak memory from the cgroup: 64 MiB touched reads about 64 MiB', async () => {
    const dir = await built('touch64');
    const result = await runSandboxed({ argv: ['./main'], workDir: dir, limits: BASE_LIMITS });
    expect(result.verdict).toBe('OK');
    expect(result.memoryKb).toBeGreaterThan(64 * 1024);
    expect(result.memoryKb).toBeLessThan(70 * 1024);
    const tight = await runSandboxed({
      argv: ['./main'],
      workDir: dir,
      limits: { ...BASE_LIMITS, memoryKb: 48 * 1024 },
    });
    expect(tight.verdict).toBe('MLE');
  });

  it('names a missing program as a sandbox error, not a user error', async () => {
    const dir = await createWorkDir();
    dirs.push(dir);
    const result = await runSandboxed({ argv: ['./nothing-here'], workDir: dir, limits: BASE_LIMITS });
    expect(result.verdict).toBe('SE');
    expect(result.message).toContain('ENOENT');
  });

  it('keeps parallel runs apart: one run killing everything it sees does not touch the other', async () => {
    const [a, b] = [await createWorkDir(), await createWorkDir()];
    dirs.push(a, b);
    const [sleeper, killer] = await Promise.all([
      runSandboxed({ argv: ['/bin/sh', '-c', 'sleep 0.5; echo survived'], workDir: a, limits: BASE_LIMITS }),
      runSandboxed({
        argv: ['/bin/sh', '-c', 'sleep 0.1; kill -9 -1; echo done'],
        workDir: b,
        limits: BASE_LIMITS,
      }),
    ]);
    expect([sleeper.verdict, sleeper.stdout.toString()]).toEqual(['OK', 'survived\n']);
    expect(killer.verdict).not.toBe('SE');
    expect(sandboxProcesses()).toEqual([]);
    expect(await leftoverCgroups()).toEqual([]);
  });
});

describe('runPair', () => {
  it('joins a user program and an interactor by pipes both ways', async () => {
    const [user, judge] = await runPair(
      { argv: ['./main'], workDir: guesser, limits: BASE_LIMITS },
      { argv: ['./main', '777777'], workDir: interactor, limits: BASE_LIMITS },
    );
    expect(user.verdict).toBe('OK');
    expect(judge.verdict).toBe('OK');
    expect(judge.stderr.toString()).toMatch(/^found after \d+\n$/);
    expect(sandboxProcesses()).toEqual([]);
  });

  it('closes the other side when one side exits', async () => {
    const [user, judge] = await runPair(
      { argv: ['/bin/true'], workDir: guesser, limits: BASE_LIMITS },
      { argv: ['./main', '5'], workDir: interactor, limits: BASE_LIMITS },
    );
    expect(user.verdict).toBe('OK');
    expect([judge.verdict, judge.exitCode, judge.stderr.toString()]).toEqual(['RE', 3, 'eof after 0\n']);
  });

  it('runs each side under its own limits', async () => {
    const dir = await createWorkDir();
    dirs.push(dir);
    copyFileSync(`${interactor}/main`, `${dir}/main`);
    const [user, judge] = await runPair(
      {
        argv: ['/bin/sh', '-c', 'while :; do :; done'],
        workDir: guesser,
        limits: { ...BASE_LIMITS, cpuMs: 300 },
      },
      { argv: ['./main', '5'], workDir: dir, limits: BASE_LIMITS },
    );
    expect(user.verdict).toBe('TLE');
    expect(judge.verdict).toBe('RE');
  });
});
