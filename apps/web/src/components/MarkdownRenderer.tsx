import ReactMarkdown, { type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';

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
 * The heavy markdown renderer (loaded through `Markdown`): sanitize first, then `math` (KaTeX's rehype plugin,
 * passed only for text with math) renders the math nodes.
 */
export default function MarkdownRenderer({ source, math }: { source: string; math?: Plugin }) {
  return (
    <div className="oj-markdown" style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath]}
        rehypePlugins={math ? [[rehypeSanitize, schema], math] : [[rehypeSanitize, schema]]}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
