import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutput, crlfToLf, equalIgnoringEndBlank, equalTokens } from '../../src/pipeline/compare.js';
import {
  ByteCursor,
  streamEqualAnswerCrlf,
  streamEqualIgnoringEndBlank,
  streamEqualTokens,
} from '../../src/pipeline/compare-stream.js';

// Issue 24 item 7: the default comparison streams both files (same verdicts as the in-memory one) and the
// judgehost's memory stays small whatever the program writes.

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compare-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
/** Runs `pred` on cursors over two files holding `a` and `b`, with `bufferBytes` buffers. */
function onFiles(a: Buffer, b: Buffer, bufferBytes: number, pred: (x: ByteCursor, y: ByteCursor) => boolean) {
  n += 1;
  const pa = join(dir, `${n}.a`);
  const pb = join(dir, `${n}.b`);
  writeFileSync(pa, a);
  writeFileSync(pb, b);
  const fa = openSync(pa, 'r');
  const fb = openSync(pb, 'r');
  try {
    return pred(
      new ByteCursor(fa, Number.POSITIVE_INFINITY, bufferBytes),
      new ByteCursor(fb, Number.POSITIVE_INFINITY, bufferBytes),
    );
  } finally {
    closeSync(fa);
    closeSync(fb);
  }
}

/** A deterministic pseudo-random generator (tests repeat exactly). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ALPHABET = ['a', 'b', '1', ' ', ' ', '\t', '\r', '\n', '\n', '\r\n', '\v', '\f'];

describe('streaming comparison = in-memory comparison', () => {
  it('on 3,000 random pairs (near-equal outputs, CRLF, blanks) and several chunk sizes', () => {
    const r = rng(24);
    const pick = () => ALPHABET[Math.floor(r() * ALPHABET.length)];
    let checked = 0;
    for (let k = 0; k < 3000; k++) {
      const base = Array.from({ length: Math.floor(r() * 30) }, pick).join('');
      // Mutate a copy a little: the interesting pairs are nearly equal.
      const chars = [...base];
      for (let m = Math.floor(r() * 3); m > 0; m--) {
        const at = Math.floor(r() * (chars.length + 1));
        if (r() < 0.5) chars.splice(at, 1);
        else chars.splice(at, 0, pick());
      }
      const a = Buffer.from(base);
      const b = Buffer.from(chars.join(''));
      const size = [2, 3, 7, 4096][k % 4];
      expect(onFiles(a, b, size, streamEqualIgnoringEndBlank), JSON.stringify([base, chars.join('')])).toBe(
        equalIgnoringEndBlank(a, b),
      );
      expect(onFiles(a, b, size, streamEqualTokens)).toBe(equalTokens(a, b));
      expect(onFiles(a, b, size, streamEqualAnswerCrlf)).toBe(a.equals(crlfToLf(b)));
      checked++;
    }
    expect(checked).toBe(3000);
  });

  it('the compare.test examples give the same verdict through the files', () => {
    const pairs: [string, string][] = [
      ['3\n', '3\n'],
      ['3', '3\n'],
      ['3  \r\n\n', '3\n'],
      ['1 2\n', '1\n2\n'],
      ['4\n', '3\n'],
      ['', ''],
      ['', '3\n'],
      ['a\r\nb\r\n', 'a\nb\n'],
      ['a\nb\n', 'a\r\nb\r\n'],
      ['a \n\n\n', 'a'],
      ['a b', 'a  b'],
    ];
    for (const [u, e] of pairs)
      for (const removeEndBlank of [true, false]) {
        const a = Buffer.from(u);
        const b = Buffer.from(e);
        const same = onFiles(a, b, 3, removeEndBlank ? streamEqualIgnoringEndBlank : streamEqualAnswerCrlf);
        const streamed =
          a.equals(b) || same
            ? JudgeStatus.ACCEPTED
            : onFiles(a, b, 3, streamEqualTokens)
              ? JudgeStatus.PRESENTATION_ERROR
              : JudgeStatus.WRONG_ANSWER;
        expect(streamed, JSON.stringify([u, e, removeEndBlank])).toBe(compareOutput(a, b, removeEndBlank));
      }
  });
});

describe('memory', () => {
  it('comparing a 32 MiB output (Presentation Error: every pass reads it all) grows the RSS by under 16 MiB', () => {
    // Tokens equal, spacing different: the byte compare, the AC rule and the PE rule all read both files whole.
    const user = join(dir, 'big.out');
    const answer = join(dir, 'big.ans');
    writeFileSync(user, Buffer.alloc(32 * 1024 * 1024, '1 '));
    writeFileSync(answer, Buffer.alloc(32 * 1024 * 1024, '1\n'));
    const script = `
      import { compareFiles } from ${JSON.stringify(join(__dirname, '../../src/pipeline/compare-files.ts'))};
      const before = process.resourceUsage().maxRSS;
      const status = await compareFiles(${JSON.stringify(user)}, ${JSON.stringify(answer)}, true, 64 * 1024 * 1024);
      const after = process.resourceUsage().maxRSS;
      console.log(JSON.stringify({ status, growthKb: after - before }));
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(__dirname, '../..'),
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
    const res = JSON.parse(out.stdout.trim().split('\n').pop() as string);
    expect(res.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(res.growthKb).toBeLessThan(16 * 1024);
  });
});
