import { JudgeStatus } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { compareOutput, crlfToLf, equalTokens } from '../../src/pipeline/compare.js';

const b = (s: string) => Buffer.from(s);
const AC = JudgeStatus.ACCEPTED;
const PE = JudgeStatus.PRESENTATION_ERROR;
const WA = JudgeStatus.WRONG_ANSWER;

describe('compareOutput with remove-end-blank on', () => {
  const cmp = (user: string, expected: string) => compareOutput(b(user), b(expected), true);

  it('accepts identical output', () => {
    expect(cmp('3\n', '3\n')).toBe(AC);
  });
  it('ignores trailing spaces and tabs on each line', () => {
    expect(cmp('1 2  \n3\t\n', '1 2\n3\n')).toBe(AC);
    expect(cmp('1 2\n3\n', '1 2   \n3 \n')).toBe(AC);
  });
  it('ignores trailing empty lines on either side and a missing final newline', () => {
    expect(cmp('3\n\n\n', '3')).toBe(AC);
    expect(cmp('3', '3\n\n   \n')).toBe(AC);
  });
  it('treats CRLF as LF in both outputs', () => {
    expect(cmp('1\r\n2\r\n', '1\n2\n')).toBe(AC);
    expect(cmp('1\n2\n', '1\r\n2\r\n')).toBe(AC);
  });
  it('gives PE when only inner whitespace differs', () => {
    expect(cmp('1  2\n', '1 2\n')).toBe(PE);
    expect(cmp('1\n2\n', '1 2\n')).toBe(PE);
    expect(cmp(' 3\n', '3\n')).toBe(PE);
    expect(cmp('1\n\n2\n', '1\n2\n')).toBe(PE);
  });
  it('gives WA when tokens differ', () => {
    expect(cmp('4\n', '3\n')).toBe(WA);
    expect(cmp('', '3\n')).toBe(WA);
    expect(cmp('3 4\n', '3\n')).toBe(WA);
    expect(cmp('33\n', '3 3\n')).toBe(WA);
  });
  it('accepts empty output against an empty or blank answer', () => {
    expect(cmp('', '')).toBe(AC);
    expect(cmp('\n\n', '')).toBe(AC);
  });
});

describe('compareOutput with remove-end-blank off (exact)', () => {
  const cmp = (user: string, expected: string) => compareOutput(b(user), b(expected), false);

  it('accepts byte-identical output', () => {
    expect(cmp('1 2\n3\n', '1 2\n3\n')).toBe(AC);
  });
  it('accepts LF output against CRLF test data', () => {
    expect(cmp('1\n2\n', '1\r\n2\r\n')).toBe(AC);
  });
  it('gives PE for trailing spaces, a missing final newline or extra blank lines', () => {
    expect(cmp('1 2 \n', '1 2\n')).toBe(PE);
    expect(cmp('3', '3\n')).toBe(PE);
    expect(cmp('3\n\n', '3\n')).toBe(PE);
    expect(cmp('1\r\n', '1\n')).toBe(PE);
  });
  it('gives WA when tokens differ', () => {
    expect(cmp('1 3\n', '1 2\n')).toBe(WA);
  });
});

describe('helpers', () => {
  it('crlfToLf keeps lone CRs and returns the same buffer without CR', () => {
    expect(crlfToLf(b('a\r\nb\rc\r\n')).toString()).toBe('a\nb\rc\n');
    const plain = b('abc\n');
    expect(crlfToLf(plain)).toBe(plain);
  });
  it('equalTokens compares whitespace-separated tokens', () => {
    expect(equalTokens(b(' a\tb\n\nc '), b('a b c'))).toBe(true);
    expect(equalTokens(b('a b'), b('a b c'))).toBe(false);
    expect(equalTokens(b(''), b(' \n'))).toBe(true);
  });
});

describe('large outputs', () => {
  // 2 million lines (about 30 MB): built from a repeated block so the test spends its time comparing.
  const make = (sep: string, lineEnd: string) => {
    const block: string[] = [];
    for (let i = 0; i < 1000; i++) block.push(`${i * 7919}${sep}${i * 104729}${lineEnd}`);
    return Buffer.from(block.join('').repeat(2000));
  };
  const expected = make(' ', '\n');
  const timed = (fn: () => void) => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };

  it('accepts a large equal output with CRLF and trailing blanks in linear time', () => {
    const user = make(' ', ' \r\n');
    expect(user.length).toBeGreaterThan(30_000_000);
    expect(timed(() => expect(compareOutput(user, expected, true)).toBe(AC))).toBeLessThan(3000);
  });
  it('finds PE and WA at the very end of large outputs in linear time', () => {
    const pe = make('  ', '\n');
    const wa = Buffer.from(expected);
    wa[wa.length - 2] = wa[wa.length - 2] === 0x39 ? 0x38 : 0x39;
    expect(timed(() => expect(compareOutput(pe, expected, true)).toBe(PE))).toBeLessThan(3000);
    expect(timed(() => expect(compareOutput(wa, expected, true)).toBe(WA))).toBeLessThan(3000);
    expect(timed(() => expect(compareOutput(pe, expected, false)).toBe(PE))).toBeLessThan(3000);
  });
});
