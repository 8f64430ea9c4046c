import { Button, Empty, Pagination, Popconfirm, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContestClarificationVo,
  useClarificationQueue,
  useDeleteClarification,
} from '../../api/clarifications.js';
import { AnswerDialog } from './AnswerDialog.js';
import { ClarificationCard } from './ClarificationCard.js';
import { CLARIFICATION_PAGE } from './ClarificationList.js';

/**
 * The contest admins' queue (issue 10 §3): every clarification of the contest, unanswered first, then newest first,
 * with the askers' names; answer (or edit) and delete each, post to everyone unprompted, or keep only the
 * unanswered ones. `fresh`: ids to mark New (unread when the tab opened).
 */
export function ClarificationQueue({ cid, fresh }: { cid: number; fresh: ReadonlySet<number> }) {
  const { t } = useTranslation('clarification');
  const [page, setPage] = useState(1);
  const [onlyUnanswered, setOnlyUnanswered] = useState(false);
  const q = useClarificationQueue(cid, page, onlyUnanswered);
  const remove = useDeleteClarification(cid);
  const [dialog, setDialog] = useState<{ target: ContestClarificationVo | null } | null>(null);
  const records = q.data?.records ?? [];

  return (
    <div data-testid="clarification-queue">
      <div className="oj-clar-toolbar">
        <span>
          <Switch
            size="small"
            checked={onlyUnanswered}
            onChange={(v) => {
              setOnlyUnanswered(v);
              setPage(1);
            }}
            data-testid="clarification-only-unanswered"
          />{' '}
          {t('Only_unanswered')}
        </span>
        <Button type="primary" onClick={() => setDialog({ target: null })} data-testid="clarification-post">
          {t('Post_to_everyone')}
        </Button>
      </div>
      {q.isLoading ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description={onlyUnanswered ? t('No_unanswered') : t('No_clarifications')} />
      ) : (
        records.map((c) => (
          <ClarificationCard
            key={c.id}
            c={c}
            fresh={fresh.has(c.id)}
            admin
            actions={
              <>
                <Button
                  size="small"
                  type={c.answer == null ? 'primary' : 'default'}
                  onClick={() => setDialog({ target: c })}
                  data-testid="clarification-answer-open"
                >
                  {c.answer == null ? t('Answer_action') : t('Edit_action')}
                </Button>
                <Popconfirm
                  title={t('Delete_confirm')}
                  okText={t('Delete')}
                  cancelText={t('Cancel')}
                  onConfirm={() => remove.mutate(c.id)}
                >
                  <Button size="small" danger data-testid="clarification-delete">
                    {t('Delete')}
                  </Button>
                </Popconfirm>
              </>
            }
          />
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
      <AnswerDialog
        cid={cid}
        open={dialog != null}
        target={dialog?.target ?? null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
