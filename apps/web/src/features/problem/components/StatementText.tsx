import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import '../../../components/markdown.css';
import './statement.css';

/**
 * A statement section as the server rendered it (`statementHtml` of the problem detail: `@oj/shared/markdown`,
 * sanitized there with the one allow-list, math as MathML). The problem pages carry no markdown renderer or KaTeX.
 */
export function StatementHtml({ html }: { html: string }) {
  return (
    <div className="oj-statement-text">
      <div
        className="oj-markdown"
        style={{ overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's markdown pipeline
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}

/**
 * A statement section rendered in the browser from its source by the same pipeline the server runs (loaded on
 * first use): the admin form's preview, so an author sees exactly what solvers will see.
 */
export function StatementText({ source }: { source: string }) {
  // The last rendering stays on screen while the next one loads (no flicker while typing).
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('@oj/shared/markdown').then((m) => live && setHtml(m.renderStatement(source)));
    return () => {
      live = false;
    };
  }, [source]);
  return html == null ? <Skeleton active paragraph={{ rows: 2 }} /> : <StatementHtml html={html} />;
}
