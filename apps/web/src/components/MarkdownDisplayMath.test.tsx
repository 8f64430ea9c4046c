import { renderMarkdownToHtml } from '@oj/shared/markdown';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.js';

/** Issue 25 item 4: `$$…$$` is display math, one block per formula, in posts (this renderer) and statements (the server's). */
describe('display math', () => {
  afterEach(cleanup);

  const blocks = (root: ParentNode) =>
    [...root.querySelectorAll('math')].map((m) => m.getAttribute('display'));

  it('renders $$a$$ and $$b$$ (own paragraphs or adjacent lines) as two display blocks', async () => {
    for (const source of ['$$a$$\n\n$$b$$', '$$a$$\n$$b$$']) {
      const { container } = render(<Markdown source={source} />);
      await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
      expect(blocks(container)).toEqual(['block', 'block']);
      // Each block its own element: they no longer share one line (one paragraph).
      expect(container.querySelectorAll('p math')).toHaveLength(0);
      cleanup();
    }
  });

  it('keeps $x$ and $$y$$ inside a sentence inline', async () => {
    const { container } = render(<Markdown source={'Let $x$ be and $$y$$ too.'} />);
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    expect(blocks(container)).toEqual([null, null]);
  });

  it('server-rendered statements draw the same blocks', () => {
    const html = renderMarkdownToHtml('$$1 \\le n \\le 10^5$$\n$$1 \\le a_i \\le 10^9$$');
    expect(html.match(/<math[^>]*display="block"/g)).toHaveLength(2);
  });
});
