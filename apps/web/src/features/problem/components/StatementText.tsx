import { Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Markdown } from '../../../components/Markdown.js';
import { htmlToMarkdown, prepareStatement } from '../lib/statement-source.js';
import './statement.css';

/**
 * One statement section rendered: markdown (inline HTML sanitized) at once, an HTML document after its conversion
 * (see lib/statement-source.ts). The problem page and the admin form's preview both render through this, so an
 * author sees what solvers will see.
 */
export function StatementText({ source }: { source: string }) {
  const prepared = useMemo(() => prepareStatement(source), [source]);
  const [converted, setConverted] = useState<{ html: string; md: string } | null>(null);
  const html = 'html' in prepared ? prepared.html : null;
  useEffect(() => {
    if (html == null) return;
    let live = true;
    void htmlToMarkdown(html).then((md) => live && setConverted({ html, md }));
    return () => {
      live = false;
    };
  }, [html]);
  const md = 'markdown' in prepared ? prepared.markdown : converted?.html === html ? converted.md : null;
  return (
    <div className="oj-statement-text">
      {md == null ? <Skeleton active paragraph={{ rows: 2 }} /> : <Markdown source={md} />}
    </div>
  );
}
