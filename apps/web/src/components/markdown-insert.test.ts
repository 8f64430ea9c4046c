import { describe, expect, it } from 'vitest';
import { applyInsert } from './markdown-insert.js';

const at = (value: string, start: number, end = start) => ({ value, start, end });

describe('markdown toolbar inserts', () => {
  it('inline code wraps the selection, or leaves the caret between an empty pair', () => {
    expect(applyInsert(at('use printf here', 4, 10), { kind: 'inlineCode' })).toEqual(
      at('use `printf` here', 12),
    );
    expect(applyInsert(at('ab', 1), { kind: 'inlineCode' })).toEqual(at('a``b', 2));
    // A selection holding a backtick gets a double fence so it stays one code span.
    expect(applyInsert(at('a`b', 0, 3), { kind: 'inlineCode' }).value).toBe('``a`b``');
  });

  it('a code block puts the fences on lines of their own', () => {
    expect(applyInsert(at('see:', 4), { kind: 'codeBlock' })).toEqual(at('see:\n```\n```\n', 9));
    expect(applyInsert(at('int x;', 0, 6), { kind: 'codeBlock' }).value).toBe('```\nint x;\n```\n');
  });

  it('a link wraps the selection and selects the address to type over', () => {
    const r = applyInsert(at('read the docs', 9, 13), { kind: 'link', label: 'link' });
    expect(r.value).toBe('read the [docs](https://)');
    expect(r.value.slice(r.start, r.end)).toBe('https://');
    // Brackets in the text cannot close the label early.
    expect(applyInsert(at('', 0), { kind: 'link', label: 'a]b', url: 'https://x' }).value).toBe(
      '[a\\]b](https://x)',
    );
  });

  it('a list marks every selected line (the current line without a selection)', () => {
    expect(applyInsert(at('one\ntwo\nthree', 0, 7), { kind: 'list' }).value).toBe('- one\n- two\nthree');
    expect(applyInsert(at('x\ny', 3), { kind: 'list' }).value).toBe('x\n- y');
  });

  it('an image goes on its own line; addresses with spaces or parentheses are bracketed', () => {
    expect(
      applyInsert(at('text', 4), { kind: 'image', alt: 'pic', url: '/api/public/img/a.png' }).value,
    ).toBe('text\n![pic](/api/public/img/a.png)\n');
    expect(applyInsert(at('', 0), { kind: 'image', alt: 'p', url: '/a b(1).png' }).value).toBe(
      '![p](</a b(1).png>)\n',
    );
  });

  it('an attached file is a link named by the file, or by the selection, with the caret after it', () => {
    expect(
      applyInsert(at('data: ', 6), { kind: 'file', name: 'tests [v2].zip', url: '/api/public/md-file/7' }),
    ).toEqual(at('data: [tests \\[v2\\].zip](/api/public/md-file/7)', 47));
    expect(
      applyInsert(at('get the tests', 8, 13), { kind: 'file', name: 'a.zip', url: '/api/public/md-file/8' })
        .value,
    ).toBe('get the [tests](/api/public/md-file/8)');
  });

  it('text (an emoji) replaces the selection', () => {
    expect(applyInsert(at('hi there', 3, 8), { kind: 'text', text: '👍' })).toEqual(at('hi 👍', 5));
  });
});
