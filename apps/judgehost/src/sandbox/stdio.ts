import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Bytes of a captured stderr kept in the result, whatever the output cap (more is counted, not kept). */
export const STDERR_KEEP_BYTES = 64 * 1024;

/**
 * Opens a file the judgehost hands to a box as stdin: no link followed, no blocking on a FIFO, and only a regular
 * file is accepted (throws otherwise). Returns the descriptor.
 */
export function openInputFile(path: string): number {
  const fd = openSync(
    path,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY,
  );
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new Error(`input ${path} is not a regular file`);
  }
  return fd;
}

/** Creates a new output file at `path` (never an existing one, never through a link), mode 0600. */
export function createOutputFile(path: string): number {
  return openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NOCTTY,
    0o600,
  );
}

/**
 * An anonymous file for a program's stdout in `dir` (root-only, on the size-capped tmpfs): created with
 * O_EXCL | O_NOFOLLOW and unlinked at once, so only the descriptor reaches it. Returns the descriptor (read/write).
 */
export function anonymousOutputFile(dir: string): number {
  const path = `${dir}/o-${process.pid}-${randomBytes(8).toString('hex')}`;
  const fd = openSync(
    path,
    constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NOCTTY,
    0o600,
  );
  unlinkSync(path);
  return fd;
}

/** Reads at most `cap` bytes of an output file from its descriptor (from offset 0). */
export function readOutputFile(fd: number, cap: number): Buffer {
  const want = Math.min(fstatSync(fd).size, cap);
  const data = Buffer.alloc(want);
  let got = 0;
  while (got < want) {
    const n = readSync(fd, data, got, want - got, got);
    if (n === 0) break;
    got += n;
  }
  return data.subarray(0, got);
}

/**
 * Collects a stream: keeps its first `keep` bytes and calls `onOver` once when more than `cap` bytes arrived in all
 * (the rest is drained and dropped). Returns a function giving the kept bytes.
 */
export function capture(
  stream: Readable | null,
  keep: number,
  cap: number,
  onOver: () => void,
): () => Buffer {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  stream?.on('data', (chunk: Buffer) => {
    const seen = total;
    total += chunk.length;
    if (kept < keep) {
      const part = chunk.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    }
    if (seen <= cap && total > cap) onOver();
  });
  stream?.on('error', () => {});
  return () => Buffer.concat(chunks, kept);
}
