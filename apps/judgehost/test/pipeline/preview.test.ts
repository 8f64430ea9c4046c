import { describe, expect, it } from 'vitest';
import { PREVIEW_BYTES, previewBuffer, truncateText } from '../../src/pipeline/preview.js';

describe('previews', () => {
  it('keeps short text whole and cuts long text at 1 KB with an ellipsis', () => {
    expect(previewBuffer(Buffer.from('3\n'))).toBe('3\n');
    const long = previewBuffer(Buffer.from('x'.repeat(5000)));
    expect(long).toBe(`${'x'.repeat(PREVIEW_BYTES)}…`);
  });
  it('never cuts a multi-byte character in half', () => {
    const text = `${'a'.repeat(PREVIEW_BYTES - 1)}é and more`;
    const p = previewBuffer(Buffer.from(text));
    expect(p).toBe(`${'a'.repeat(PREVIEW_BYTES - 1)}…`);
    expect(p).not.toContain('\uFFFD');
  });
  it('truncates long messages', () => {
    expect(truncateText('abcdef', 3)).toBe('abc…');
    expect(truncateText('abc', 3)).toBe('abc');
  });
});
