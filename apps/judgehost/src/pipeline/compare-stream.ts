import { readSync } from 'node:fs';

/**
 * Streaming forms of the default comparison (compare.ts), for files of any size in constant memory (issue 24
 * item 7): each predicate walks both files forward once through a ByteCursor, exactly as its in-memory twin
 * walks two buffers (the in-memory algorithms never step back), so the verdicts are the same.
 */

const LF = 0x0a;
const CR = 0x0d;
/** Bytes buffered per file. */
const CURSOR_BYTES = 256 * 1024;

/** 1 for the whitespace bytes of compare.ts: space, \t, \n, \v, \f, \r. */
const SPACE = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]) SPACE[c] = 1;

/**
 * Forward reader of an open file descriptor from offset 0, at most `limit` bytes, through a fixed 256 KB buffer
 * (synchronous reads: the pages were just written, the loop stays tight). peek / peekAt give -1 past the end.
 */
export class ByteCursor {
  private readonly buf: Buffer;
  private pos = 0;
  private len = 0;
  private off = 0;
  private done = false;

  /** `bufferBytes` (at least 2) is for tests of chunk boundaries. */
  constructor(
    private readonly fd: number,
    private readonly limit = Number.POSITIVE_INFINITY,
    bufferBytes = CURSOR_BYTES,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(2, bufferBytes));
  }

  /** Reads more after what is buffered; false at the end (or the limit). */
  private more(): boolean {
    if (this.done) return false;
    if (this.pos > 0) {
      this.buf.copyWithin(0, this.pos, this.len);
      this.len -= this.pos;
      this.pos = 0;
    }
    const want = Math.min(this.buf.length - this.len, this.limit - this.off);
    if (want <= 0) {
      if (this.off >= this.limit) this.done = true;
      return false;
    }
    const n = readSync(this.fd, this.buf, this.len, want, this.off);
    if (n === 0) {
      this.done = true;
      return false;
    }
    this.len += n;
    this.off += n;
    return true;
  }

  /** The current byte, or -1 at the end. */
  peek(): number {
    if (this.pos < this.len || this.more()) return this.buf[this.pos];
    return -1;
  }

  /** The byte `k` (small) after the current one, or -1 past the end. */
  peekAt(k: number): number {
    while (this.len - this.pos <= k) if (!this.more()) return -1;
    return this.buf[this.pos + k];
  }

  /** Steps over the current byte (nothing at the end). */
  next(): void {
    if (this.pos < this.len || this.more()) this.pos++;
  }
}

/** Whether everything left is whitespace. */
function restBlank(c: ByteCursor): boolean {
  for (let x = c.peek(); x >= 0; x = c.peek()) {
    if (SPACE[x] !== 1) return false;
    c.next();
  }
  return true;
}

/** Streaming equalIgnoringEndBlank: equal after trailing whitespace of every line and trailing empty lines go. */
export function streamEqualIgnoringEndBlank(a: ByteCursor, b: ByteCursor): boolean {
  for (;;) {
    let x = a.peek();
    let y = b.peek();
    if (x < 0 || y < 0) break;
    while (x >= 0 && y >= 0 && x === y && x !== LF) {
      a.next();
      b.next();
      x = a.peek();
      y = b.peek();
    }
    while (x >= 0 && x !== LF) {
      if (SPACE[x] !== 1) return false;
      a.next();
      x = a.peek();
    }
    while (y >= 0 && y !== LF) {
      if (SPACE[y] !== 1) return false;
      b.next();
      y = b.peek();
    }
    // Both stand on their line's LF (or the end): step over it.
    a.next();
    b.next();
  }
  return restBlank(a) && restBlank(b);
}

/** Streaming `user.equals(crlfToLf(expected))`: byte-exact, a CR right before an LF of the answer dropped. */
export function streamEqualAnswerCrlf(user: ByteCursor, expected: ByteCursor): boolean {
  for (;;) {
    let y = expected.peek();
    if (y === CR && expected.peekAt(1) === LF) {
      expected.next();
      y = LF;
    }
    const x = user.peek();
    if (x !== y) return false;
    if (x < 0) return true;
    user.next();
    expected.next();
  }
}

/** Streaming equalTokens: the same whitespace-separated tokens. */
export function streamEqualTokens(a: ByteCursor, b: ByteCursor): boolean {
  for (;;) {
    let x = a.peek();
    while (x >= 0 && SPACE[x] === 1) {
      a.next();
      x = a.peek();
    }
    let y = b.peek();
    while (y >= 0 && SPACE[y] === 1) {
      b.next();
      y = b.peek();
    }
    if (x < 0 || y < 0) return x < 0 && y < 0;
    while (x >= 0 && y >= 0) {
      const xs = SPACE[x] === 1;
      if (xs !== (SPACE[y] === 1)) return false;
      if (xs) break;
      if (x !== y) return false;
      a.next();
      b.next();
      x = a.peek();
      y = b.peek();
    }
    const aEnded = x < 0 || SPACE[x] === 1;
    const bEnded = y < 0 || SPACE[y] === 1;
    if (aEnded !== bEnded) return false;
  }
}
