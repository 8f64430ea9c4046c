import { open } from 'node:fs/promises';
import { JudgeStatus } from '@oj/shared';
import { type CompareStatus, compareOutput } from './compare.js';

/** Bytes read from each file per step of the streaming comparison. */
const CHUNK_BYTES = 1 << 20;

type Handle = Awaited<ReturnType<typeof open>>;

/** Whether two open files of `size` bytes each hold the same bytes, read chunk by chunk (2 MB in memory). */
async function sameBytes(a: Handle, b: Handle, size: number): Promise<boolean> {
  const bufA = Buffer.alloc(Math.min(CHUNK_BYTES, size));
  const bufB = Buffer.alloc(bufA.length);
  for (let pos = 0; pos < size; ) {
    const want = Math.min(bufA.length, size - pos);
    const [ra, rb] = await Promise.all([a.read(bufA, 0, want, pos), b.read(bufB, 0, want, pos)]);
    if (ra.bytesRead !== want || rb.bytesRead !== want) return false;
    if (!bufA.subarray(0, want).equals(bufB.subarray(0, want))) return false;
    pos += want;
  }
  return true;
}

/**
 * Compares the user's output file with the answer file (root-only host files) as `compareOutput` does (HOJ's
 * default judge: AC / PE / WA). Byte-equal files of the same size, the usual Accepted, are compared by
 * streaming, never held whole; otherwise the user's output (at most `cap` bytes: a bigger one was already an
 * output-limit verdict) and the answer are loaded and compared in memory.
 */
export async function compareFiles(
  userPath: string,
  answerPath: string,
  removeEndBlank: boolean,
  cap: number,
): Promise<CompareStatus> {
  const [user, answer] = await Promise.all([open(userPath, 'r'), open(answerPath, 'r')]);
  try {
    const [us, as] = await Promise.all([user.stat(), answer.stat()]);
    if (us.size === as.size && (await sameBytes(user, answer, us.size))) return JudgeStatus.ACCEPTED;
    const userBytes = Buffer.alloc(Math.min(us.size, cap));
    const { bytesRead } = await user.read(userBytes, 0, userBytes.length, 0);
    const answerBytes = await answer.readFile();
    return compareOutput(userBytes.subarray(0, bytesRead), answerBytes, removeEndBlank);
  } finally {
    await Promise.all([user.close(), answer.close()]);
  }
}
