import type { ReactNode } from 'react';

/**
 * A light card (title, extra, body) for the home page, where antd's Card would pull its tabs code into the boot
 * bundle. Looks like an antd Card.
 */
export function Panel({
  title,
  extra,
  children,
  bodyPadding = 16,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  bodyPadding?: number;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      style={{
        background: 'var(--oj-bg-container)',
        borderRadius: 8,
        border: '1px solid var(--oj-border-split)',
        overflow: 'hidden',
      }}
    >
      {(title || extra) && (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
            padding: '12px 16px',
            borderBottom: '1px solid var(--oj-border-split)',
            fontWeight: 600,
            fontSize: 16,
            minHeight: 32,
          }}
        >
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
          {extra && <span style={{ fontWeight: 400, flexShrink: 0 }}>{extra}</span>}
        </header>
      )}
      <div style={{ padding: bodyPadding }}>{children}</div>
    </section>
  );
}
