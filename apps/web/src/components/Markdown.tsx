import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer.js'));

/**
 * Renders user-written markdown sanitized, with GFM and KaTeX math. The renderer and its libraries load lazily,
 * so pages that merely might show markdown do not carry them in their own chunk.
 */
export function Markdown({ source }: { source: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <MarkdownRenderer source={source} />
    </Suspense>
  );
}
