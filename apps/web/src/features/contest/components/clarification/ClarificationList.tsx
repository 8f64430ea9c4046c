import { CLARIFICATION_LIMITS } from '@oj/shared';
import { Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClarifications } from '../../api/clarifications.js';
import { ClarificationCard } from './ClarificationCard.js';

/** Page size of the clarification lists (the server's default). */
export const CLARIFICATION_PAGE = CLARIFICATION_LIMITS.page;

/**
 * The participant's list (issue 10 §3): their own questions (answered or waiting) and every clarification made
 * public, latest activity first. `fresh`: ids to mark New (unread when they arrived on this tab).
 */
export function ClarificationList({ cid, fresh }: { cid: number; fresh: ReadonlySet<number> }) {
  const { t } = useTranslation('clarification');
  const [page, setPage] = useState(1);
  const q = useClarifications(cid, page);
  const records = q.data?.records ?? [];
  return (
    <div data-testid="clarification-list">
      {q.isLoading ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description={t('No_clarifications')} />
      ) : (
        records.map((c) => (
          <ClarificationCard key={c.id} c={c} fresh={fresh.has(c.id) || c.unread} admin={false} />
        ))
      )}
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        current={page}
        pageSize={CLARIFICATION_PAGE}
        total={q.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
    </div>
  );
}
