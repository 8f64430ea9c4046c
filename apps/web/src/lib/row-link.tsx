import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/** Whether a click landed on a control of its own inside a row (a link, button, input, tag button…). */
function onControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element && !!target.closest('a,button,input,select,textarea,label,[role="button"]')
  );
}

/**
 * `onRow` props of a table whose rows open a page (issue 28): a mouse click anywhere on the row calls
 * `open(row)`, unless it landed on a control of its own (that control acts instead). The keyboard path is the
 * row's `RowLink` (a real link, in the tab order): the row itself takes no focus.
 */
export function rowOpens<T>(open: (row: T) => void): (row: T) => React.HTMLAttributes<HTMLElement> {
  return (row) => ({
    onClick: (e: MouseEvent) => {
      if (!onControl(e.target)) open(row);
    },
    style: { cursor: 'pointer' },
  });
}

/**
 * The link that opens a row's page by keyboard and mouse (`to`); `onOpen`, when given, replaces a plain click
 * (a sign-in prompt first, say) while Ctrl/Cmd/middle clicks keep the browser's own new-tab behaviour.
 */
export function RowLink({
  to,
  onOpen,
  children,
  testId,
}: {
  to: string;
  onOpen?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      onClick={(e) => {
        if (!onOpen || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}
