import { fromHtml } from 'hast-util-from-html';
import TurndownService from 'turndown';
import { renderMarkdownToHtml } from './render.js';

/**
 * Problem statements come as markdown (our editor, possibly with inline HTML such as `<img>`, `<b>`, `<sup>`) or
 * as HTML documents (FPS, QDUOJ and HOJ imports). Everything ends up as markdown for the one sanitizing pipeline
 * (`render.ts`); only true HTML documents are converted (turndown). Two import quirks are undone first: HUSTOJ's
 * `<span class='md'>` wrapper around markdown, and pre-rendered KaTeX (MathML + TeX annotation + HTML), which is
 * turned back into `$tex$` so each formula renders once. The server renders statements with this for the problem
 * pages; the admin form's preview runs the same code in the browser.
 */

/** Elements that make a top-level node "block HTML"; a document made only of these (and blank text) is HTML. */
const BLOCK = new Set(
  'address article aside blockquote center details dialog dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody thead tr ul'.split(
    ' ',
  ),
);

/** The few entities imports put around markdown and TeX, decoded (numeric ones too). */
function decodeEntities(s: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return named[e.toLowerCase()] ?? m;
  });
}

/** Index just past the `</span>` closing the span opened at `start` (nested spans counted); -1 if unclosed. */
function spanEnd(source: string, start: number): number {
  const tag = /<(\/?)span\b[^>]*>/gi;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

/** The text of the first `<span class="<cls>">…</span>` in `html` (tags dropped, entities decoded), or null. */
function spanText(html: string, cls: string): string | null {
  const open = new RegExp(`<span\\s+class\\s*=\\s*["']${cls}["'][^>]*>`, 'i').exec(html);
  if (!open) return null;
  const end = spanEnd(html, open.index);
  if (end < 0) return null;
  const inner = html.slice(open.index + open[0].length, end - '</span>'.length);
  return decodeEntities(inner.replace(/<[^>]*>/g, '')).replace(/[\u200b\u00a0]/g, (c) =>
    c === '\u00a0' ? ' ' : '',
  );
}

/**
 * The TeX of a KaTeX formula whose MathML lost its tags on the way (一本通's FPS exports): `katex-mathml` then
 * holds the formula's text followed by its TeX (`E={1,2,..,n}E=\{1,2,..,n\}`), and `katex-html` the same text as
 * drawn. The TeX is what follows the drawn text; when that cannot be told, the drawn text alone (shown once, as
 * plain text). Null when the formula has neither part.
 */
function flattenedTex(formula: string): string | null {
  const mathml = spanText(formula, 'katex-mathml');
  const drawn = spanText(formula, 'katex-html');
  if (mathml == null) return drawn == null ? null : drawn.trim();
  const seen = (drawn ?? '').replace(/\s+/g, '');
  const flat = mathml.replace(/\s+/g, ' ').trim();
  if (seen && flat.replace(/\s+/g, '').startsWith(seen)) {
    // Skip the drawn characters (ignoring spaces) and keep the rest: the TeX.
    let i = 0;
    for (let n = 0; n < seen.length && i < flat.length; i++) if (!/\s/.test(flat[i] as string)) n++;
    const rest = flat.slice(i).trim();
    if (rest) return rest;
  }
  return drawn?.trim() || null;
}

/**
 * Replaces every pre-rendered KaTeX formula (`<span class="katex">` or `katex-display`, holding MathML, the
 * `application/x-tex` annotation and the HTML rendering) by its TeX source as `$tex$` (`$$tex$$` for display).
 * A formula without an annotation whose MathML was flattened to text gets its TeX back from that text
 * (`flattenedTex`). `forHtml` keeps `<`, `>` and `&` of the TeX as entities, for text that is still parsed as HTML
 * afterwards.
 */
export function unwrapKatex(source: string, forHtml = false): string {
  const open = /<span\s+class\s*=\s*["'](katex-display|katex)["'][^>]*>/gi;
  let out = '';
  let from = 0;
  for (let m = open.exec(source); m; m = open.exec(source)) {
    const end = spanEnd(source, m.index);
    if (end < 0) break;
    const tex =
      /<annotation[^>]*encoding\s*=\s*["']application\/x-tex["'][^>]*>([\s\S]*?)<\/annotation>/i.exec(
        source.slice(m.index, end),
      );
    const formula = source.slice(m.index, end);
    const plain = tex ? decodeEntities(tex[1] ?? '').trim() : flattenedTex(formula);
    if (plain == null) continue;
    const fence = m[1]?.toLowerCase() === 'katex-display' ? '$$' : '$';
    const body = forHtml ? plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : plain;
    out += `${source.slice(from, m.index)}${fence}${body}${fence}`;
    from = end;
    open.lastIndex = end;
  }
  return out + source.slice(from);
}

/** HUSTOJ keeps markdown statements as `<span class='md'>markdown</span>`: the markdown inside, entities decoded. */
export function unwrapHustojMarkdown(source: string): string {
  const open = /<span\s+class\s*=\s*["']?md["']?\s*>/gi;
  let out = '';
  let from = 0;
  for (let m = open.exec(source); m; m = open.exec(source)) {
    const end = spanEnd(source, m.index);
    if (end < 0) break;
    const inner = source.slice(m.index + m[0].length, end - '</span>'.length);
    out += source.slice(from, m.index) + decodeEntities(inner);
    from = end;
    open.lastIndex = end;
  }
  return out + source.slice(from);
}

/**
 * True when the text is an HTML document rather than markdown: it holds block elements and nothing else at the
 * top level (only whitespace and comments between them). Markdown with inline HTML (`<b>`, `<img>`, `<br>`, a
 * `<div>` around an image followed by markdown) is not.
 */
export function looksLikeHtml(source: string): boolean {
  if (!/<[a-z][^>]*>/i.test(source)) return false;
  const body = fromHtml(source, { fragment: true });
  let blocks = 0;
  for (const node of body.children) {
    if (node.type === 'comment' || node.type === 'doctype') continue;
    if (node.type === 'text') {
      if (node.value.trim()) return false;
      continue;
    }
    // A style sheet link (LibreOJ / 一本通 pages carry KaTeX's) says nothing about the text around it.
    if (node.type === 'element' && node.tagName.toLowerCase() === 'link') continue;
    if (node.type !== 'element' || !BLOCK.has(node.tagName.toLowerCase())) return false;
    blocks++;
  }
  return blocks > 0;
}

let turndown: TurndownService | null = null;

/** An HTML statement converted to markdown (turndown), `$tex$` math kept as is. */
export function htmlToMarkdown(html: string): string {
  if (!turndown) {
    const td = new TurndownService({ codeBlockStyle: 'fenced', headingStyle: 'atx' });
    // Keep $ and \ untouched: they carry KaTeX math in imported statements.
    td.escape = (s: string) => s.replace(/^([-+*]\s|#{1,6}\s|>\s?|\d+\.\s)/, '\\$1');
    // Imported statements often use a bare <pre> (no <code>) for samples and code: keep it as a code block.
    td.addRule('pre', {
      filter: 'pre',
      replacement: (_content, node) =>
        `\n\n\`\`\`\n${((node as { textContent?: string | null }).textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
    });
    turndown = td;
  }
  return turndown.turndown(html);
}

/** Markdown for any statement: wrappers undone, HTML documents converted. */
export function statementToMarkdown(source: string): string {
  const text = unwrapHustojMarkdown(source);
  const html = unwrapKatex(text, true);
  return looksLikeHtml(html) ? htmlToMarkdown(html) : unwrapKatex(text);
}

/** A statement section (markdown or an imported HTML document) as safe HTML for the problem pages. */
export function renderStatement(source: string): string {
  return renderMarkdownToHtml(statementToMarkdown(source));
}
