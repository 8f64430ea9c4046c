import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** Size of the previews of input, expected and user output kept in case results, bytes. */
export const PREVIEW_BYTES = 1024;
/** Cap on a compiler message, characters. */
export const COMPILE_MESSAGE_MAX = 64 * 1024;

const ELLIPSIS = '…';

/** Decodes the first `max` bytes of `buf` as UTF-8 (no broken last character), with an ellipsis when cut. */
export function previewBuffer(buf: Buffer, max = PREVIEW_BYTES): string {
  if (buf.length <= max) return buf.toString('utf8');
  let end = max;
  // Step back over UTF-8 continuation bytes so a multi-byte character is not cut in half.
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8') + ELLIPSIS;
}

/** Preview of a file's first `max` bytes (see previewBuffer); '' when the file cannot be read. */
export async function previewFile(path: string, max = PREVIEW_BYTES): Promise<string> {
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    fh = await open(path, 'r');
    const buf = Buffer.allocUnsafe(max + 4); // 1 KB: from the pool, not zero-filled
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return previewBuffer(buf.subarray(0, bytesRead), max);
  } catch {
    return '';
  } finally {
    await fh?.close();
  }
}

/**
 * The first `max` bytes of a (root-only) file: what previews of a user's output are made from. The file is a
 * finished run's output on a session tmpfs, so it is read synchronously (microseconds, no thread-pool round
 * trips) into a buffer of its size, not of `max` (a 64 KB zero-filled buffer per case was most of the judgehost's
 * garbage: issue 24 item 2).
 */
export async function readHead(path: string, max: number): Promise<Buffer> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(Math.min(max, fstatSync(fd).size));
    let used = 0;
    for (let n = 1; n > 0 && used < buf.length; used += n)
      n = readSync(fd, buf, used, buf.length - used, used);
    return buf.subarray(0, used);
  } finally {
    closeSync(fd);
  }
}

/** Bytes of a user's output kept for its previews (a test run shows 64 KB; the cut is marked). */
export const OUTPUT_HEAD_BYTES = 64 * 1024 + 4;

/** Caps a text (compiler output, stderr) at `max` characters with an ellipsis. */
export function truncateText(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + ELLIPSIS : text;
}
