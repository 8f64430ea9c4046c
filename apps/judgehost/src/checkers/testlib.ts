import type { RunResult } from '../sandbox/types.js';
import {
  accepted,
  checkerRunFailure,
  fractionOutcome,
  presentation,
  shortMessage,
  systemError,
  wrong,
} from './outcome.js';
import type { CheckerProtocol, CheckOutcome } from './types.js';

/** HOJ's special-judge exit codes (its testlib variant). */
export const HOJ_EXIT = { PARTIAL: 99, AC: 100, PE: 101, WA: 102, SE: 103 } as const;

/**
 * Reads a percentage printed by an HOJ partial verdict (exit 99): "50" or "50.5" are percent; a value written
 * with a decimal point and at most 1 (e.g. "0.5") is read as a fraction. Returns 0..1, or null when unreadable.
 */
export function parsePercentage(stdout: string): number | null {
  const token = stdout.trim().split(/\s+/)[0] ?? '';
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(token)) return null;
  const v = Number(token);
  const fraction = token.includes('.') && v <= 1 ? v : v / 100;
  return Math.min(1, Math.max(0, fraction));
}

/**
 * Reads testlib's verdict line from stderr: `ok`, `wrong answer`, `wrong output format`, `partially correct (N)`
 * (N percent), `points X` (X of 100), `FAIL`. Returns null when stderr holds none of them.
 */
export function parseTestlibMessage(stderr: string): CheckOutcome | null {
  const text = stderr.trimStart();
  const msg = shortMessage(text);
  if (/^ok\b/.test(text)) return accepted(msg);
  if (/^wrong answer\b/.test(text)) return wrong(msg);
  // testlib's _pe: we report Presentation Error (HOJ says WA with a hint; our verdict list has PE).
  if (/^wrong output format\b/.test(text)) return presentation(msg);
  const partial = /^partially correct\s*\(\s*([+-]?\d+(?:\.\d+)?)\s*\)/.exec(text);
  if (partial) return fractionOutcome(Number(partial[1]) / 100, msg);
  const points = /^points\s+([+-]?\d+(?:\.\d+)?)/.exec(text);
  if (points) return fractionOutcome(Number(points[1]) / 100, msg);
  if (/^FAIL\b/.test(text)) return systemError(`Checker failed: ${msg}`);
  return null;
}

/**
 * Verdict of a testlib / HOJ-style checker or interactor: HOJ exit codes first (0 or 100 AC, 101 PE, 102 WA, 103 SE,
 * 99 partial with the percentage on stdout), then testlib's stderr message, then testlib's own exit codes
 * (1 WA, 2 PE, 3 FAIL); anything else is a System Error.
 */
export function interpretTestlib(run: RunResult, what = 'Checker'): CheckOutcome {
  const failed = checkerRunFailure(run, what);
  if (failed) return failed;
  const stderr = run.stderr.toString('utf8');
  const stdout = run.stdout.toString('utf8');
  const msg = shortMessage(stderr || stdout);
  const code = run.exitCode;
  if (code === HOJ_EXIT.AC) return accepted(msg);
  if (code === HOJ_EXIT.PE) return presentation(msg);
  if (code === HOJ_EXIT.WA) return wrong(msg);
  if (code === HOJ_EXIT.SE) return systemError(`${what} reported a system error: ${msg}`);
  if (code === HOJ_EXIT.PARTIAL) {
    const fraction = parsePercentage(stdout);
    if (fraction === null)
      return systemError(`${what} gave a partial verdict without a percentage on stdout`);
    return fractionOutcome(fraction, shortMessage(stderr));
  }
  const parsed = parseTestlibMessage(stderr);
  if (parsed) return parsed;
  if (code === 0) return accepted(msg);
  if (code === 1) return wrong(msg);
  if (code === 2) return presentation(msg);
  return systemError(`${what} exited with code ${code}${msg ? `: ${msg}` : ''}`);
}

/** testlib / HOJ protocol: `checker <input> <user_output> <answer>`; interactor `<input> <output> <answer>`. */
export const testlibProtocol: CheckerProtocol = {
  name: 'testlib',
  stdinUserOutput: false,
  checkArgs: (f) => [f.input, f.userOutput, f.answer],
  interactArgs: (f) => [f.input, f.output, f.answer],
  interpret: (run: RunResult) => interpretTestlib(run),
};
