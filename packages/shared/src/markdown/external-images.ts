import type { Element, ElementContent, Root } from 'hast';

/**
 * Pictures from other sites (issue 25 item 2). The page's CSP allows images from this site only (`img-src 'self'
 * data: blob:`; a server-side image proxy would let anyone make the server fetch any address, SSRF), so an
 * `http(s)://` or `//host` picture would be blocked with a console error on every render. Instead the renderers
 * show it as a link to the picture (opened in a new tab, which the CSP does not block), and the editor tells the
 * author at once that only uploaded pictures show. Light module: no parser, usable by every page's chunk.
 */

/** True for an address on another site: `http://…`, `https://…` or protocol-relative `//host/…`. */
export const isExternalUrl = (src: string): boolean => /^\s*(?:https?:)?\/\//i.test(src);

/**
 * The external picture addresses of markdown `source`: `![alt](url)`, `![alt][ref]` definitions are not followed,
 * and `<img src="url">` in inline HTML. Each address once, in order. For the editor's notice.
 */
export function externalImages(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/g))
    if (isExternalUrl(m[1] ?? '')) found.add(m[1] as string);
  for (const m of source.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = m[1] ?? m[2] ?? m[3] ?? '';
    if (isExternalUrl(src)) found.add(src.trim());
  }
  return [...found];
}

/**
 * rehype plugin (run after the sanitizer): every `<img>` on another site becomes a link to it (its alt text or address),
 * class `oj-external-img`, opening in a new tab without referrer. Nothing is requested from the other site while
 * the page renders, so no CSP error is logged.
 */
export default function rehypeExternalImages() {
  const walk = (node: { children: ElementContent[] }) => {
    node.children = node.children.map((child) => {
      if (child.type !== 'element') return child;
      if (child.tagName === 'img' && isExternalUrl(String(child.properties?.src ?? ''))) {
        const src = String(child.properties?.src).trim();
        const alt = String(child.properties?.alt ?? '').trim();
        const link: Element = {
          type: 'element',
          tagName: 'a',
          properties: {
            href: src,
            className: ['oj-external-img'],
            target: '_blank',
            rel: ['noopener', 'noreferrer', 'nofollow'],
            title: src,
          },
          children: [{ type: 'text', value: alt || src }],
        };
        return link;
      }
      walk(child);
      return child;
    });
  };
  return (tree: Root) => walk(tree as unknown as { children: ElementContent[] });
}
