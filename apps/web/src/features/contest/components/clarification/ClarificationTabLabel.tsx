import { Badge } from 'antd';
import { useUnreadClarifications } from '../../api/clarifications.js';
import { clarificationBadge } from '../../lib/clarification-news.js';

/**
 * The Clarifications tab's label with its badge (issue 10 §3): unread answers for participants, unanswered
 * questions for contest admins (capped at 99 as the spec's unread badges). Reads the cache the shell's notifier
 * fills; fetches nothing itself.
 */
export function ClarificationTabLabel({ cid, text }: { cid: number; text: string }) {
  const n = clarificationBadge(useUnreadClarifications(cid, false).data);
  return (
    <span data-testid="contest-tab-clarifications">
      {text}
      {n > 0 && (
        <span data-testid="clarification-badge" data-count={n} style={{ marginInlineStart: 6 }}>
          <Badge count={n} overflowCount={99} size="small" />
        </span>
      )}
    </span>
  );
}
