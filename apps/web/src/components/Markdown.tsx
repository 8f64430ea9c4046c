import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer.js'));

/** The renderer with KaTeX: both chunks (and KaTeX's styles and fonts) loaded together. */
const MathMarkdownRenderer = lazy(async () => {
  const [{ default: Renderer }, { default: math }] = await Promise.all([
    import('./MarkdownRenderer.js'),
    import('./markdown-math.js'),
  ]);
  return { default: ({ source }: { source: string }) => <Renderer source={source} math={math} /> };
});

/** True when `source` may hold math for remark-math (`$…$`, `$$…$$`); only then is KaTeX loaded. */
export const mayHoldMath = (source: string): boolean => source.includes('$');

/**
 * Renders user-written markdown sanitized, with GFM and KaTeX math. The renderer and its libraries load lazily,
 * so pages that merely might show markdown do not carry them in their own chunk; KaTeX only for text with math.
 * `compact` is for a line in a list or table (a signature on the rank pages): at most two lines, ellipsis after,
 * and the source text itself (not a skeleton) while the renderer loads.
 */
export function Markdown({ source, compact }: { source: string; compact?: boolean }) {
  const Renderer = mayHoldMath(source) ? MathMarkdownRenderer : MarkdownRenderer;
  if (compact)
    return (
      <div className="oj-markdown-compact" title={source}>
        <Suspense fallback={<span>{source}</span>}>
          <Renderer source={source} />
        </Suspense>
      </div>
    );
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <Renderer source={source} />
    </Suspense>
  );
}
