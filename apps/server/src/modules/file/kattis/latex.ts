import { unifiedLatexToHast } from '@unified-latex/unified-latex-to-hast';
import { unifiedLatexFromString } from '@unified-latex/unified-latex-util-parse';
import type { Element, Parents as HastParents, Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes } from 'mdast';
import rehypeRemark, { type Options as RehypeRemarkOptions } from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/** What `latexToMarkdown` gives back. */
export interface LatexConversion {
  /** The statement as markdown (GFM tables, `$…$` / `$$…$$` math, lists, emphasis, images). */
  markdown: string;
  /** LaTeX commands and environments that had no conversion (e.g. `\foo`, `\begin{minipage}`), each once. */
  unconverted: string[];
}

/**
 * unified-latex's plugins are typed against unified 10 (the server has 11; they run the same): the processor that
 * runs them is used through this narrow view.
 */
interface LooseProcessor {
  use(plugin: unknown, options?: unknown): LooseProcessor;
  parse(source: string): unknown;
  runSync(tree: unknown): unknown;
}

type HastNode = HastRoot | HastRoot['children'][number];

const classes = (el: Element): string[] => {
  const c: unknown = el.properties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
};
const textOf = (n: HastNode): string =>
  n.type === 'text' ? n.value : 'children' in n ? n.children.map((c) => textOf(c)).join('') : '';

/**
 * Drops the rows `\hline` leaves empty, and makes the first row of each table its header (markdown tables have
 * one; without it rehype-remark adds an empty one).
 */
function tidyTables(node: HastParents): void {
  node.children = node.children.filter(
    (c) => !(c.type === 'element' && c.tagName === 'tr' && !textOf(c).trim() && !hasElement(c, 'img')),
  ) as typeof node.children;
  for (const c of node.children) if ('children' in c) tidyTables(c);
  if (node.type === 'element' && node.tagName === 'table') {
    const body = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'tbody');
    const first = body?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'tr');
    for (const cell of first?.children ?? []) if (cell.type === 'element') cell.tagName = 'th';
  }
}
function hasElement(n: HastNode, tag: string): boolean {
  return (
    'children' in n &&
    n.children.some((c) => (c.type === 'element' && c.tagName === tag) || hasElement(c, tag))
  );
}

/** Rewrites `<img src>` through `image` (a package file name -> its URL, or null to drop the picture). */
function rewriteImages(node: HastParents, image: (src: string) => string | null): void {
  node.children = node.children.flatMap((c) => {
    if (c.type === 'element' && c.tagName === 'img') {
      const url = image(String(c.properties?.src ?? ''));
      if (!url) return [];
      c.properties = { src: url, alt: '' };
    }
    if ('children' in c) rewriteImages(c, image);
    return [c];
  }) as typeof node.children;
}

/** mdast for the math and teletype spans unified-latex's HTML carries. */
const handlers: RehypeRemarkOptions['handlers'] = {
  span(state, node) {
    const cls = classes(node);
    if (cls.includes('inline-math')) return { type: 'inlineMath', value: textOf(node) } as MdastNodes;
    if (cls.includes('texttt')) return { type: 'inlineCode', value: textOf(node) };
    return state.all(node) as never;
  },
  div(state, node) {
    if (classes(node).includes('display-math')) return { type: 'math', value: textOf(node).trim() } as never;
    return state.all(node) as never;
  },
};

/** Macros that only lay out the printed page (no meaning on a web page): dropped without a note. */
const LAYOUT_MACROS = [
  'noindent',
  'hline',
  'centering',
  'medskip',
  'smallskip',
  'bigskip',
  'newline',
  'clearpage',
  'newpage',
  'vspace',
  'hspace',
  'label',
  'illustration',
];

/**
 * Converts the LaTeX of a Kattis / ICPC statement (the subset problem packages use: sections, paragraphs,
 * `tabular`, `itemize` / `enumerate`, `\emph`, `\textbf`, `\texttt`, `figure` / `\includegraphics`, `\(…\)` and
 * `$…$` math) to markdown with @unified-latex (parse, then its HTML conversion, then rehype-remark). `image`
 * maps an `\includegraphics` file name to the URL the picture is served at (null drops it). Commands and
 * environments it cannot convert keep their text and are listed in `unconverted` for the import result.
 */
export function latexToMarkdown(
  tex: string,
  image: (src: string) => string | null = () => null,
): LatexConversion {
  const unconverted = new Set<string>();
  const drop = () => ({ type: 'string' as const, content: '' });
  const toHast = (unified() as unknown as LooseProcessor)
    .use(unifiedLatexFromString)
    .use(unifiedLatexToHast, {
      skipHtmlValidation: true,
      macroReplacements: {
        ...Object.fromEntries(LAYOUT_MACROS.map((m) => [m, drop])),
        // A figure's caption: its text, in a paragraph of its own.
        caption: (node: { args?: { content: unknown[] }[] }) => ({
          type: 'group',
          content: [{ type: 'parbreak' }, ...(node.args?.at(-1)?.content ?? [])],
        }),
      },
      environmentReplacements: {
        // Figures float on paper; on the page they stay where they are written.
        figure: (env: { content: unknown[] }) => ({ type: 'group', content: env.content }),
        'figure*': (env: { content: unknown[] }) => ({ type: 'group', content: env.content }),
      },
    })
    // unified-latex reports what it could not convert as messages on the file.
    .use(() => (_tree: unknown, file: { messages: { message: string }[] }) => {
      for (const m of file.messages) {
        const name = /Unknown (macro|environment) when converting to HTML `([^`]*)`/.exec(m.message);
        if (name)
          unconverted.add(
            name[1] === 'macro'
              ? (/^\\[A-Za-z@]+\*?|^\\./.exec(name[2])?.[0] ?? name[2])
              : `\\begin{${name[2]}}`,
          );
      }
    });
  const hast = toHast.runSync(toHast.parse(tex)) as unknown as HastRoot;
  tidyTables(hast);
  rewriteImages(hast, image);
  const md = unified()
    .use(rehypeRemark, { handlers })
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkStringify, { bullet: '-', emphasis: '*' });
  const mdast = md.runSync(hast as never);
  return { markdown: String(md.stringify(mdast as never)).trim(), unconverted: [...unconverted] };
}
