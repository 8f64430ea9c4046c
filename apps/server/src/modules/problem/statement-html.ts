import { renderStatement } from '@oj/shared/markdown';
import { LRUCache } from 'lru-cache';

/** The statement sections rendered to safe HTML for the problem pages (issue 14): '' for an empty section. */
export interface StatementHtml {
  description: string;
  input: string;
  output: string;
  hint: string;
}

/**
 * Rendered sections by their source text, so a statement is rendered once per server process and edits (a new
 * text) simply miss. Bounded by the HTML's length: 32 MB of UTF-16 at most.
 */
const cache = new LRUCache<string, string>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html, source) => Math.max(1, html.length + source.length),
});

function section(source: string | null | undefined): string {
  if (!source?.trim()) return '';
  let html = cache.get(source);
  if (html === undefined) {
    html = renderStatement(source);
    cache.set(source, html);
  }
  return html;
}

/**
 * A problem's description, input, output and hint rendered by `@oj/shared/markdown` (markdown or imported HTML,
 * sanitized with the one allow-list, math as MathML), so problem pages carry neither the markdown renderer nor
 * KaTeX. Takes the problem's text fields; returns HTML strings; never throws on hostile text.
 */
export function statementHtml(p: {
  description: string | null;
  input: string | null;
  output: string | null;
  hint: string | null;
}): StatementHtml {
  return {
    description: section(p.description),
    input: section(p.input),
    output: section(p.output),
    hint: section(p.hint),
  };
}
