import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFiles } from '../../src/pipeline/compare-files.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compare-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
/** Compares `user` with `answer` as files (the user's stdout file and the cached answer). */
function compare(user: string | Buffer, answer: string | Buffer, removeEndBlank = true, cap = 1 << 26) {
  n += 1;
  writeFileSync(join(dir, `${n}.out`), user);
  writeFileSync(join(dir, `${n}.ans`), answer);
  return compareFiles(join(dir, `${n}.out`), join(dir, `${n}.ans`), removeEndBlank, cap);
}

describe('comparing the output file with the answer file', () => {
  it('gives the same verdicts as the in-memory comparison', async () => {
    expect(await compare('3\n', '3\n')).toBe(JudgeStatus.ACCEPTED);
    expect(await compare('3', '3\n')).toBe(JudgeStatus.ACCEPTED);
    expect(await compare('3  \r\n\n', '3\n')).toBe(JudgeStatus.ACCEPTED);
    expect(await compare('3  \n', '3\n', false)).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(await compare('1 2\n', '1\n2\n')).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(await compare('4\n', '3\n')).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await compare('', '')).toBe(JudgeStatus.ACCEPTED);
    expect(await compare('', '3\n')).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('streams byte-equal outputs larger than a chunk, and sees a difference in the last byte', async () => {
    const big = Buffer.alloc(3 * (1 << 20) + 17, 'x');
    expect(await compare(big, big)).toBe(JudgeStatus.ACCEPTED);
    const other = Buffer.from(big);
    other[other.length - 1] = 'y'.charCodeAt(0);
    expect(await compare(other, big)).toBe(JudgeStatus.WRONG_ANSWER);
  });
});
