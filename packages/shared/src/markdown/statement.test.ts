import { describe, expect, it } from 'vitest';
import { externalImages } from './external-images.js';
import { renderStatement } from './index.js';
import { looksLikeHtml, statementToMarkdown, unwrapHustojMarkdown, unwrapKatex } from './statement.js';

/** A markdown statement as authors write it: a table, a code block, a heading, plus inline HTML tags. */
const MIXED = [
  '## Task',
  '',
  'Read <b>n</b> numbers; 10<sup>9</sup> at most.<br>',
  '<img src="/api/public/img/a.png" alt="figure">',
  '',
  '| n | answer |',
  '|---|--------|',
  '| 1 | 2 |',
  '',
  '```',
  'int main() {}',
  '```',
  '',
  'See <a href="https://example.test">the notes</a>.',
].join('\n');

/** What LibreOJ / 一本通 FPS exports hold for `$a_i \le 10^9$`: MathML, the TeX annotation and the HTML. */
const KATEX =
  '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>' +
  '<mrow><msub><mi>a</mi><mi>i</mi></msub><mo>≤</mo><msup><mn>10</mn><mn>9</mn></msup></mrow>' +
  '<annotation encoding="application/x-tex">a_i \\le 10^9</annotation></semantics></math></span>' +
  '<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">a</span>' +
  '<span class="mrel">≤</span><span class="mord">1</span><span class="mord">0</span></span></span></span>';

describe('statement source', () => {
  it('keeps markdown with inline HTML tags as markdown, newlines and all', () => {
    expect(looksLikeHtml(MIXED)).toBe(false);
    expect(statementToMarkdown(MIXED)).toBe(MIXED);
    for (const tag of ['<b>x</b>', 'a<br>b', '<img src="x.png">', 'x<sup>2</sup>', '<a href="/">l</a>']) {
      expect(looksLikeHtml(`Line one\n\n${tag}\n\n- item`), tag).toBe(false);
    }
    // An image centred in a <div> on top, markdown under it: still markdown.
    expect(looksLikeHtml('<div align="center"><img src="a.png"></div>\n\n## Input\n\nTwo numbers.')).toBe(
      false,
    );
  });

  it('converts true HTML documents (FPS, QDUOJ, HOJ imports) to markdown, keeping math', () => {
    const html = '<p>Compute $a_1+b_1$.</p>\r\n<pre>1 2</pre><p>Use <strong>64-bit</strong> ints.</p>';
    expect(looksLikeHtml(html)).toBe(true);
    const md = statementToMarkdown(html);
    expect(md).toContain('Compute $a_1+b_1$.');
    expect(md).toContain('```\n1 2\n```');
    expect(md).toContain('**64-bit**');
    expect(md).not.toContain('<p>');
    expect(looksLikeHtml('<h2>Input</h2><table><tr><td>1</td></tr></table>')).toBe(true);
    expect(looksLikeHtml('Compute $a+b$ for **each** pair.')).toBe(false);
  });

  it("unwraps HUSTOJ's <span class='md'> so the markdown inside renders", () => {
    const src = "<span class='md'># Sum\n\nPrint a &lt; b ? 1 : 0.\n\n| a | b |\n|---|---|\n| 1 | 2 |</span>";
    expect(unwrapHustojMarkdown(src)).toBe(
      '# Sum\n\nPrint a < b ? 1 : 0.\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(statementToMarkdown(src)).toBe(unwrapHustojMarkdown(src));
  });

  it('turns pre-rendered KaTeX back into its TeX source, once', () => {
    expect(unwrapKatex(`Given ${KATEX}, find the sum.`)).toBe('Given $a_i \\le 10^9$, find the sum.');
    const display = `<span class="katex-display">${KATEX}</span>`;
    expect(unwrapKatex(`A\n\n${display}\n\nB`)).toBe('A\n\n$$a_i \\le 10^9$$\n\nB');
    // Inside an HTML document the formula survives turndown as TeX; the MathML and HTML copies are gone.
    const md = statementToMarkdown(`<p>Given ${KATEX} and $x&lt;y$.</p>`);
    expect(md).toBe('Given $a_i \\le 10^9$ and $x<y$.');
    // `<` inside TeX must not start a tag when the text is still HTML.
    const lt = KATEX.replace('a_i \\le 10^9', 'a &lt; b');
    expect(statementToMarkdown(`<p>If ${lt} then</p>`)).toBe('If $a < b$ then');
  });

  it('一本通 exports whose MathML lost its tags: one rendering per formula, even after a style sheet link', () => {
    // As the FPS file holds it (issue 25 item 3): the MathML flattened to "text + TeX", the drawn spans after it.
    const flat =
      '<link href="https://example.test/katex.min.css" rel="stylesheet"><div class="ui segment"><p>设有 ' +
      '<span class="katex"><span class="katex-mathml">nn</span><span class="katex-html"><span class="strut">' +
      '</span><span class="base"><span class="mord mathit">n</span></span></span></span> 个活动的集合 ' +
      '<span class="katex"><span class="katex-mathml">E={1,2,..,n}E=\\{1,2,..,n\\}</span><span class="katex-html">' +
      '<span class="base"><span class="mord mathit">E</span><span class="mrel">=</span><span class="mopen">{</span>' +
      '<span class="mord">1</span><span class="mpunct">,</span><span class="mord">2</span><span class="mpunct">,' +
      '</span><span class="mord">.</span><span class="mord">.</span><span class="mpunct">,</span>' +
      '<span class="mord mathit">n</span><span class="mclose">}</span></span></span></span>。</p></div>';
    expect(statementToMarkdown(flat)).toBe('设有 $n$ 个活动的集合 $E=\\{1,2,..,n\\}$。');
    const html = renderStatement(flat);
    expect(html.match(/<math/g)).toHaveLength(2);
    expect(html).not.toContain('E={1,2,..,n}E');
    expect(html).not.toContain('katex.min.css');
  });
  it("shows pictures from other sites as links to them (the CSP would block them), this site's as pictures", () => {
    const html = renderStatement(
      '![board](http://192.168.2.105/upload/a.gif) <img src="//cdn.example/b.png"> ![ok](/api/public/md-img/c.png)',
    );
    expect(html).not.toMatch(/<img[^>]*src="(https?:)?\/\//);
    expect(html).toContain('<a href="http://192.168.2.105/upload/a.gif" class="oj-external-img"');
    expect(html).toContain('>board</a>');
    expect(html).toContain('<img src="/api/public/md-img/c.png" alt="ok">');
    expect(
      externalImages("![a](https://x.test/a.png) <img src='http://y.test/b.gif'> ![c](/api/c.png)"),
    ).toEqual(['https://x.test/a.png', 'http://y.test/b.gif']);
  });
  it('renders a statement to safe HTML: markdown, inline tags, tables, code, math as MathML', () => {
    const html = renderStatement(
      [
        '## Task',
        '',
        'Read <b>n</b>; 10<sup>9</sup> at most, $a_i \\le 10^9$.<img src="x.png" onerror="alert(1)"><script>alert(2)</script>',
        '',
        '$$',
        '\\sum_{i=1}^n a_i',
        '$$',
        '',
        '| n | answer |',
        '|---|--------|',
        '| 1 | 2 |',
        '',
        '```',
        'int main() {}',
        '```',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Task</h2>');
    expect(html).toContain('<b>n</b>');
    expect(html).toContain('<sup>9</sup>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<pre><code>int main() {}\n</code></pre>');
    expect(html).toMatch(/<math[^>]*><semantics><mrow><msub><mi>a<\/mi><mi>i<\/mi><\/msub>/);
    expect(html).toMatch(/<math[^>]*display="block"/);
    // No KaTeX HTML rendering (it would need KaTeX's style sheet and fonts).
    expect(html).not.toContain('katex-html');
    expect(html).not.toMatch(/onerror|<script|alert\(2\)/);
  });

  it('renders nothing executable from hostile statements', () => {
    const payloads = [
      '<a href="javascript:alert(1)">x</a>',
      '[x](javascript:alert(1))',
      '![x](javascript:alert(1))',
      '<svg onload="alert(1)"><script>alert(1)</script></svg>',
      '<iframe src="https://evil.test"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '$\\href{javascript:alert(1)}{x}$',
      '<IMG SRC=JaVaScRiPt:alert(1)>',
      '<p>a</p><object data="x.swf"></object>',
      '<form action="https://evil.test"><input type="submit"></form>',
    ];
    for (const p of payloads) {
      const html = renderStatement(p);
      // (TeX source may stay as text in the formula's annotation; never as a link, source or handler.)
      expect(html, p).not.toMatch(
        /=\s*["']?\s*javascript:|<script|onload|onerror|<iframe|<object|<form|style=|<svg|<a /i,
      );
    }
  });
});
