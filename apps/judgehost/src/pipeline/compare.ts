import { JudgeStatus } from '@oj/shared';

/** Outcome of the default (no special judge) comparison. */
export type CompareStatus =
  | typeof JudgeStatus.ACCEPTED
  | typeof JudgeStatus.PRESENTATION_ERROR
  | typeof JudgeStatus.WRONG_ANSWER;

const LF = 0x0a;
const CR = 0x0d;

/** 1 for the bytes counted as whitespace: space, \t, \n, \v, \f, \r (a table beats comparisons in hot loops). */
const SPACE = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]) SPACE[c] = 1;

/** Whether everything from `pos` on is whitespace. */
function restBlank(buf: Buffer, pos: number): boolean {
  for (let i = pos; i < buf.length; i++) if (SPACE[buf[i]] !== 1) return false;
  return true;
}

/**
 * Line-wise compare after trailing whitespace of every line and trailing empty lines are removed (CRLF counts as
 * LF because CR is whitespace). One merged pass: two lines are equal once trimmed exactly when, after their common
 * prefix, what is left of each line is whitespace only. Linear, each byte read at most twice.
 */
export function equalIgnoringEndBlank(a: Buffer, b: Buffer): boolean {
  const la = a.length;
  const lb = b.length;
  let i = 0;
  let j = 0;
  while (i < la && j < lb) {
    for (;;) {
      if (i >= la || j >= lb) break;
      const x = a[i];
      if (x !== b[j] || x === LF) break;
      i++;
      j++;
    }
    while (i < la && a[i] !== LF) {
      if (SPACE[a[i]] !== 1) return false;
      i++;
    }
    while (j < lb && b[j] !== LF) {
      if (SPACE[b[j]] !== 1) return false;
      j++;
    }
    // Both stand on their line's LF (or the end): step over it.
    i++;
    j++;
  }
  // Whatever remains on the longer side must be blank lines only.
  return restBlank(a, i) && restBlank(b, j);
}

/** Returns `buf` with every CRLF turned into LF (the same buffer when it holds no CR). Linear. */
export function crlfToLf(buf: Buffer): Buffer {
  let cr = buf.indexOf(CR);
  if (cr === -1) return buf;
  const parts: Buffer[] = [];
  let from = 0;
  while (cr !== -1) {
    if (buf[cr + 1] === LF) {
      parts.push(buf.subarray(from, cr));
      from = cr + 1;
    }
    cr = buf.indexOf(CR, cr + 1);
  }
  parts.push(buf.subarray(from));
  return Buffer.concat(parts);
}

/** Whether both buffers hold the same whitespace-separated tokens. One pass, linear, no allocation. */
export function equalTokens(a: Buffer, b: Buffer): boolean {
  const la = a.length;
  const lb = b.length;
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < la && SPACE[a[i]] === 1) i++;
    while (j < lb && SPACE[b[j]] === 1) j++;
    if (i >= la || j >= lb) return i >= la && j >= lb;
    // Walk both tokens together; they match when they end at the same step with equal bytes.
    while (i < la && j < lb) {
      const x = a[i];
      const y = b[j];
      const xs = SPACE[x] === 1;
      if (xs !== (SPACE[y] === 1)) return false;
      if (xs) break;
      if (x !== y) return false;
      i++;
      j++;
    }
    const aEnded = i >= la || SPACE[a[i]] === 1;
    const bEnded = j >= lb || SPACE[b[j]] === 1;
    if (aEnded !== bEnded) return false;
  }
}

/**
 * Compares a user's output with the expected answer (HOJ's default judge, with PE in both modes).
 * - `removeEndBlank` true: equal after stripping trailing whitespace per line and trailing empty lines, CRLF as LF
 *   in both outputs -> AC.
 * - `removeEndBlank` false: byte-exact after CRLF -> LF in the expected data only (test data made on Windows) -> AC.
 * Otherwise PE when the whitespace-separated tokens are equal, else WA. Time and memory linear in the sizes.
 */
export function compareOutput(user: Buffer, expected: Buffer, removeEndBlank: boolean): CompareStatus {
  if (user.equals(expected)) return JudgeStatus.ACCEPTED;
  const same = removeEndBlank ? equalIgnoringEndBlank(user, expected) : user.equals(crlfToLf(expected));
  if (same) return JudgeStatus.ACCEPTED;
  return equalTokens(user, expected) ? JudgeStatus.PRESENTATION_ERROR : JudgeStatus.WRONG_ANSWER;
}
