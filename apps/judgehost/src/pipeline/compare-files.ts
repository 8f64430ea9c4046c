import { open } from 'node:fs/promises';
import { JudgeStatus } from '@oj/shared';
import type { CompareStatus } from './compare.js';
import {
  ByteCursor,
  streamEqualAnswerCrlf,
  streamEqualIgnoringEndBlank,
  streamEqualTokens,
} from './compare-stream.js';

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
 * default judge: AC / PE / WA), in constant memory whatever the sizes (issue 24 item 7): byte-equal files of the
 * same size are compared chunk by chunk, then the AC rule of the mode and the PE rule are each one streaming pass
 * over both files (compare-stream.ts). Only the first `cap` bytes of the user's output count (a bigger one was
 * already an output-limit verdict).
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
    if (us.size <= cap && us.size === as.size && (await sameBytes(user, answer, us.size)))
      return JudgeStatus.ACCEPTED;
    const cursors = () => [new ByteCursor(user.fd, cap), new ByteCursor(answer.fd)] as const;
    const same = removeEndBlank
      ? streamEqualIgnoringEndBlank(...cursors())
      : streamEqualAnswerCrlf(...cursors());
    if (same) return JudgeStatus.ACCEPTED;
    return streamEqualTokens(...cursors()) ? JudgeStatus.PRESENTATION_ERROR : JudgeStatus.WRONG_ANSWER;
  } finally {
    await Promise.all([user.close(), answer.close()]);
  }
}
