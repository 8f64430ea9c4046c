import { cleanup, render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { afterEach, describe, expect, it } from 'vitest';
import rehypeDomRaw from './rehype-dom-raw.js';

/** Statement-like texts: inline HTML spanning markdown, GFM (tables with alignment, task lists, footnotes,
 * strikethrough, autolinks), math, entities, hostile HTML. */
const SAMPLES = [
  'Read <b>**n**</b> and 10<sup>9</sup>; a < b && c > d, "quotes" & \'apostrophes\'.',
  '<div align="center"><img src="a.png" alt="x" width="50" onerror="alert(1)"></div>\n\nafter <script>alert(2)</script>',
  '| left | center | right |\n|:-----|:------:|------:|\n| 1 | `a|b` | <i>3</i> |',
  '- [x] done\n- [ ] todo\n\n1. one\n2. two\n\n3) three',
  'Text with a note.[^1]\n\n[^1]: The note, with **bold**.',
  '~~old~~ www.example.com and https://example.com/x?a=1&b=2',
  'Inline $a_i < b^2$ and\n\n$$\n\\sum_{i=1}^n a_i\n$$',
  '```cpp\n#include <cstdio>\nint main() { return a<b; }\n```\n\n    indented <b>code</b>',
  '<table><tr><td colspan="2">x</td></tr></table>\n\n<details><summary>More</summary>\n\nhidden *text*\n\n</details>',
  'Line one  \nline two<br>line three &amp; &lt;tag&gt; &copy; &#x4e2d;',
  '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example" title="t">ok</a> <p style="color:red">styled</p>',
  '<b>unclosed *em* text\n\nnext paragraph',
];

const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [
      ...(defaultSchema.attributes?.code ?? []),
      ['className', /^language-./, 'math-inline', 'math-display'],
    ],
  },
};

function html(source: string, raw: typeof rehypeRaw | typeof rehypeDomRaw): string {
  const { container } = render(
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[raw, [rehypeSanitize, schema]]}>
      {source}
    </ReactMarkdown>,
  );
  const out = container.innerHTML;
  cleanup();
  return out;
}

describe('rehype-dom-raw', () => {
  afterEach(cleanup);

  it.each(SAMPLES)('renders like rehype-raw: %s', (source) => {
    expect(html(source, rehypeDomRaw)).toBe(html(source, rehypeRaw));
  });

  it('keeps the sanitizing: no script, handler or javascript: link survives', () => {
    const out = html(SAMPLES.join('\n\n'), rehypeDomRaw);
    expect(out).not.toMatch(/<script|onerror|javascript:|color:\s*red/i);
    expect(out).toContain('<b><strong>n</strong></b>');
  });
});
