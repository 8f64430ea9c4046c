import { describe, expect, it } from 'vitest';
import { looksLikeHtml, toMarkdown } from './statement-source.js';

describe('statement source', () => {
  it('leaves markdown alone and turns imported HTML into markdown, keeping math', async () => {
    expect(looksLikeHtml('Compute $a+b$ for **each** pair.')).toBe(false);
    expect(await toMarkdown('Compute $a+b$.')).toBe('Compute $a+b$.');
    const md = await toMarkdown(
      '<p>Compute $a_1+b_1$.</p><pre>1 2</pre><p>Use <strong>64-bit</strong> ints.</p>',
    );
    expect(md).toContain('Compute $a_1+b_1$.');
    expect(md).toContain('```\n1 2\n```');
    expect(md).toContain('**64-bit**');
    expect(md).not.toContain('<p>');
  });
});
