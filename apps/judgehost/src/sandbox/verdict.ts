import { constants } from 'node:os';
import type { RunResult, RunVerdict, SandboxLimits } from './types.js';

/** What the supervisor (native/oj-sandbox.c) reports on its result line. */
export interface SupervisorReport {
  /** Wait status of the program (as from waitpid), or -1 when it never ended normally. */
  status: number;
  cpuNs: number;
  wallNs: number;
  peakBytes: number;
  oomKills: number;
  killed: 'none' | 'cpu' | 'wall' | 'signal';
  /** errno of a failed execve of the program (0: none). */
  execErrno: number;
  /** Sandbox failure text, or '' when none. */
  error: string;
}

/** Parses the supervisor's result line; null when it is missing or malformed. */
export function parseReport(line: string): SupervisorReport | null {
  const fields = new Map<string, string>();
  for (const part of line.trim().split(' ')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const num = (key: string) => Number(fields.get(key));
  if (!fields.has('exit') || !fields.has('cpu_ns')) return null;
  const killed = fields.get('killed');
  const error = fields.get('err') ?? '-';
  return {
    status: num('exit'),
    cpuNs: num('cpu_ns'),
    wallNs: num('wall_ns'),
    peakBytes: Math.max(0, num('peak')),
    oomKills: num('oom') || 0,
    killed: killed === 'cpu' || killed === 'wall' || killed === 'signal' ? killed : 'none',
    execErrno: num('execerr') || 0,
    error: error === '-' ? '' : error.replaceAll('_', ' '),
  };
}

const signalNames = new Map<number, string>(
  Object.entries(constants.signals).map(([name, no]) => [no, name]),
);

/** `SIGSEGV` for 11, or `signal N` when unknown. */
export function signalName(signo: number): string {
  return signalNames.get(signo) ?? `signal ${signo}`;
}

const errnoNames = new Map<number, string>(Object.entries(constants.errno).map(([name, no]) => [no, name]));

function mb(bytes: number): string {
  return `${Math.round((bytes / 1048576) * 10) / 10} MB`;
}

export interface Classification {
  verdict: RunVerdict;
  exitCode: number | null;
  signal: string | null;
  message: string;
}

/**
 * The verdict of a run from the supervisor's report, the limits and whether the judgehost saw more output than
 * allowed (`outputOver`). Order: SE, OLE, MLE (OOM kill or peak at the limit: whichever limit stopped the run,
 * issue 14), TLE (CPU or wall), RE, OK.
 */
export function classify(
  report: SupervisorReport,
  limits: SandboxLimits,
  outputOver: boolean,
): Classification {
  const exited = report.status >= 0 && (report.status & 0x7f) === 0;
  const signo = report.status >= 0 && !exited ? report.status & 0x7f : 0;
  const exitCode = exited ? (report.status >> 8) & 0xff : null;
  const signal = signo ? signalName(signo) : null;
  const base = { exitCode, signal };
  const cpuMs = report.cpuNs / 1e6;
  const wallMs = report.wallNs / 1e6;
  const memoryBytes = limits.memoryKb * 1024;
  if (report.error) return { ...base, verdict: 'SE', message: `Sandbox error: ${report.error}` };
  if (report.execErrno) {
    const name = errnoNames.get(report.execErrno) ?? `errno ${report.execErrno}`;
    return { ...base, verdict: 'SE', message: `Sandbox error: cannot execute the program (${name})` };
  }
  if (outputOver || signal === 'SIGXFSZ') {
    return { ...base, verdict: 'OLE', message: `Output limit exceeded (${mb(limits.outputBytes)})` };
  }
  if (report.oomKills > 0 || report.peakBytes >= memoryBytes) {
    return { ...base, verdict: 'MLE', message: `Memory limit exceeded (${mb(memoryBytes)})` };
  }
  if (report.killed === 'cpu' || cpuMs > limits.cpuMs || signal === 'SIGXCPU') {
    return { ...base, verdict: 'TLE', message: `Time limit exceeded (CPU time over ${limits.cpuMs} ms)` };
  }
  if (report.killed === 'wall' || wallMs > limits.wallMs) {
    return { ...base, verdict: 'TLE', message: `Time limit exceeded (wall time over ${limits.wallMs} ms)` };
  }
  if (report.killed === 'signal') return { ...base, verdict: 'SE', message: 'Sandbox error: run cancelled' };
  if (signal) return { ...base, verdict: 'RE', message: `Killed by signal ${signal}` };
  if (exitCode === null)
    return { ...base, verdict: 'SE', message: 'Sandbox error: the program did not report' };
  if (exitCode !== 0) return { ...base, verdict: 'RE', message: `Exited with code ${exitCode}` };
  return { ...base, verdict: 'OK', message: '' };
}

/** A sandbox-error result (nothing ran or the supervisor failed). */
export function systemError(
  message: string,
  stdout: Buffer = Buffer.alloc(0),
  stderr: Buffer = Buffer.alloc(0),
): RunResult {
  return {
    verdict: 'SE',
    exitCode: null,
    signal: null,
    cpuMs: 0,
    wallMs: 0,
    memoryKb: 0,
    stdout,
    stderr,
    message: `Sandbox error: ${message}`,
  };
}
