import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { launch } from './run.js';
import { createOutputFile } from './stdio.js';
import type { RunResult, RunSpec } from './types.js';
import { systemError } from './verdict.js';

const run = promisify(execFile);

function closeAll(fds: number[]): void {
  for (const fd of fds.splice(0)) {
    try {
      closeSync(fd);
    } catch {}
  }
}

/**
 * Interactive runs (contract `RunPair` in types.ts): `a` and `b` each in their own box and cgroup, a's stdout
 * feeding b's stdin and b's stdout feeding a's stdin through two kernel pipes (FIFOs; no copying through
 * the judgehost). When one side exits its end closes, so the other reads end-of-file or gets SIGPIPE.
 * Their own stdin/stdout specs are ignored; stderr follows each spec. Resolves with both results.
 */
export async function runPair(a: RunSpec, b: RunSpec): Promise<[RunResult, RunResult]> {
  const dir = await mkdtemp(`${tmpdir()}/oj-pair-`);
  const fds: number[] = [];
  try {
    const aToB = `${dir}/a-to-b`;
    const bToA = `${dir}/b-to-a`;
    await run('mkfifo', ['-m', '0600', aToB, bToA]);
    const open = (path: string, flags: number) => {
      const fd = openSync(path, flags | constants.O_NONBLOCK);
      fds.push(fd);
      return fd;
    };
    // Read ends first (a non-blocking open of a FIFO for reading never waits), then the write ends.
    // The supervisor clears O_NONBLOCK before the programs see them.
    const bIn = open(aToB, constants.O_RDONLY);
    const aIn = open(bToA, constants.O_RDONLY);
    const aOut = open(aToB, constants.O_WRONLY);
    const bOut = open(bToA, constants.O_WRONLY);
    const stderrPlan = (spec: RunSpec) => {
      const err = spec.stderr ?? 'pipe';
      return err === 'pipe' ? ('pipe' as const) : { fd: createOutputFile(err.file) };
    };
    const aErr = stderrPlan(a);
    const bErr = stderrPlan(b);
    for (const plan of [aErr, bErr]) if (typeof plan === 'object') fds.push(plan.fd);
    // Once both supervisors hold their copies, ours must go so that end-of-file can happen.
    let waiting = 2;
    const onSpawned = () => {
      waiting -= 1;
      if (waiting === 0) closeAll(fds);
    };
    return await Promise.all([
      launch(a, { stdin: { fd: aIn }, stdout: { fd: aOut }, stderr: aErr, onSpawned }),
      launch(b, { stdin: { fd: bIn }, stdout: { fd: bOut }, stderr: bErr, onSpawned }),
    ]);
  } catch (error) {
    const failed = systemError(`interactive pipes: ${(error as Error).message}`);
    return [failed, { ...failed }];
  } finally {
    closeAll(fds);
    await rm(dir, { recursive: true, force: true });
  }
}
