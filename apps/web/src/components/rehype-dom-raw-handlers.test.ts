import type { Root } from 'hast';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import rehypeDomRaw, { withoutEventHandlers } from './rehype-dom-raw.js';

/** The properties of every element of a hast tree, as `tag.prop`. */
function props(tree: Root): string[] {
  const out: string[] = [];
  const walk = (n: { type: string; tagName?: string; properties?: object; children?: unknown[] }) => {
    if (n.type === 'element') for (const p of Object.keys(n.properties ?? {})) out.push(`${n.tagName}.${p}`);
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  walk(tree as never);
  return out;
}

/** The tree rehype-dom-raw hands on (before the sanitizer). */
function parsed(markdown: string): Root {
  const processor = unified()
    .use(remarkParse)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeDomRaw);
  return processor.runSync(processor.parse(markdown)) as Root;
}

describe('rehype-dom-raw and inline event handlers', () => {
  // Chromium checks every inline handler attribute against the CSP as it parses it, even in an inert <template>,
  // and prints "Executing inline event handler violates … script-src-attr" for each: a page showing a hostile
  // comment filled the console. Handlers are dropped from the author's HTML before the browser parses it (the
  // sanitizer after it still removes whatever else it does not allow).
  it('never hands an inline handler to the browser parser', () => {
    const tree = parsed(
      [
        '<img src=x onerror=alert(1)>',
        '<IMG SRC="x" OnErRoR="alert(2)" alt=ok>',
        '<svg/onload=alert(3)>',
        '<div title="a>b" onmouseover=\'alert(4)\' class=c>x</div>',
        '<noscript><p title="</noscript><img src=x onerror=alert(5)>">',
        '<details open ontoggle=alert(6)>y</details>',
      ].join('\n\n'),
    );
    expect(props(tree).filter((p) => /\.on/i.test(p))).toEqual([]);
    expect(props(tree)).toEqual(expect.arrayContaining(['img.src', 'img.alt', 'div.title', 'div.className']));
  });

  it('keeps everything that is not a handler, inside and outside tags', () => {
    expect(withoutEventHandlers('<a href="x" one="1" data-on="2">turn on=off</a>')).toBe(
      '<a href="x" data-on="2">turn on=off</a>',
    );
    expect(withoutEventHandlers('<b onclick=x>')).toBe('<b>');
    expect(withoutEventHandlers('<!-- <b onclick=x> --><i onclick="y">')).toBe('<!-- <b onclick=x> --><i>');
    expect(withoutEventHandlers('<textarea><b onclick=x></textarea>')).toBe(
      '<textarea><b onclick=x></textarea>',
    );
    expect(withoutEventHandlers('a < b and c<d')).toBe('a < b and c<d');
  });
});
