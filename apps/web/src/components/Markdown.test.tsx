import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown.js';

/** Counts imports of the KaTeX chunk (the real module is still used). */
const katex = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./markdown-math.js', async (importOriginal) => {
  katex.loads++;
  return importOriginal();
});

describe('markdown loads KaTeX only for text with math', () => {
  afterEach(cleanup);

  it('renders text without math and does not load KaTeX', async () => {
    const { container } = render(<Markdown source={'# Sum\n\nAdd **two** numbers.'} />);
    expect(await screen.findByText('two')).toBeTruthy();
    expect(container.querySelector('h1')?.textContent).toBe('Sum');
    expect(katex.loads).toBe(0);
  });

  it('renders math with KaTeX when the text has some', async () => {
    const { container } = render(<Markdown source={'Print $a+b$.'} />);
    await screen.findByText('Print', { exact: false });
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(katex.loads).toBe(1);
  });
});
