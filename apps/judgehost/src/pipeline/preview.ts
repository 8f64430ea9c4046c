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
    const buf = Buffer.alloc(max + 4);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return previewBuffer(buf.subarray(0, bytesRead), max);
  } catch {
    return '';
  } finally {
    await fh?.close();
  }
}

/** The first `max` bytes of a (root-only) file: what previews of a user's output are made from. */
export async function readHead(path: string, max: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(max);
    const { bytesRead } = await fh.read(buf, 0, max, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Bytes of a user's output kept for its previews (a test run shows 64 KB; the cut is marked). */
export const OUTPUT_HEAD_BYTES = 64 * 1024 + 4;

/** Caps a text (compiler output, stderr) at `max` characters with an ellipsis. */
export function truncateText(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + ELLIPSIS : text;
}
