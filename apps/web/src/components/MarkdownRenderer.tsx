import remarkDisplayMath from '@oj/shared/markdown/display-math';
import rehypeExternalImages from '@oj/shared/markdown/external-images';
import { markdownSchema as schema } from '@oj/shared/markdown/schema';
import ReactMarkdown, { type Options } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeDomRaw from './rehype-dom-raw.js';
import './markdown.css';

/**
 * The heavy markdown renderer (loaded through `Markdown`): inline HTML in the markdown is parsed (by the browser: `rehype-dom-raw.ts`), then
 * everything is sanitized (GitHub's allow-list: `<b>`, `<img>`, `<sup>`, `<br>`, `<a>`… stay; scripts, styles and
 * event handlers go; the allow-list is `@oj/shared/markdown`'s, the one server-rendered statements use), then `math`
 * (KaTeX's rehype plugin, passed only for text with math) renders the math nodes as MathML. Pictures on other
 * sites become links to them (`external-images.ts`: the CSP would block them).
 */
export default function MarkdownRenderer({
  source,
  math,
}: {
  source: string;
  math?: NonNullable<Options['rehypePlugins']>;
}) {
  return (
    <div className="oj-markdown" style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath, remarkDisplayMath]}
        rehypePlugins={
          math
            ? [rehypeDomRaw, [rehypeSanitize, schema], rehypeExternalImages, ...math]
            : [rehypeDomRaw, [rehypeSanitize, schema], rehypeExternalImages]
        }
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
