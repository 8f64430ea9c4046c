import ReactMarkdown, { type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeDomRaw from './rehype-dom-raw.js';

/** Sanitizer schema: GitHub's defaults plus the class names remark-math puts on math nodes. */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [
      ...(defaultSchema.attributes?.code ?? []),
      ['className', /^language-./, 'math-inline', 'math-display'],
    ],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'math', 'math-inline', 'math-display']],
    div: [...(defaultSchema.attributes?.div ?? []), ['className', 'math', 'math-display']],
  },
};

type Plugin = NonNullable<Options['rehypePlugins']>[number];

/**
 * The heavy markdown renderer (loaded through `Markdown`): inline HTML in the markdown is parsed (by the browser: `rehype-dom-raw.ts`), then
 * everything is sanitized (GitHub's allow-list: `<b>`, `<img>`, `<sup>`, `<br>`, `<a>`… stay; scripts, styles and
 * event handlers go), then `math` (KaTeX's rehype plugin, passed only for text with math) renders the math nodes.
 */
export default function MarkdownRenderer({ source, math }: { source: string; math?: Plugin }) {
  return (
    <div className="oj-markdown" style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={
          math ? [rehypeDomRaw, [rehypeSanitize, schema], math] : [rehypeDomRaw, [rehypeSanitize, schema]]
        }
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
