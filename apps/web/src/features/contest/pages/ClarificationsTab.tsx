import { ContestStatus } from '@oj/shared';
import { Alert, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markClarificationsRead, useUnreadClarifications } from '../api/clarifications.js';
import { useContestShell } from '../components/ContestContext.js';
import { AskClarificationForm } from '../components/clarification/AskClarificationForm.js';
import { ClarificationList } from '../components/clarification/ClarificationList.js';
import { ClarificationQueue } from '../components/clarification/ClarificationQueue.js';
import { dismissClarificationNotices } from '../lib/useContestClarificationNotifier.js';

/**
 * The Clarifications tab (issue 10 §3; /contest/:cid/clarifications, everyone who sees the contest menu).
 * Participants ask while the contest runs and read their own and the public clarifications; contest admins work
 * the queue (answer privately or to everyone, announce, edit, delete) and post to everyone. What arrives while the
 * tab is open counts as read: marked on the server (the badge drops on every device) and tagged New here.
 */
export default function ClarificationsTab() {
  const { t } = useTranslation('clarification');
  const { contest: c, phase, isContestAdmin } = useContestShell();
  const unread = useUnreadClarifications(c.id, false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    const ids = unread.data?.ids ?? [];
    if (ids.length === 0) return;
    setFresh((prev) => new Set([...prev, ...ids]));
    dismissClarificationNotices(ids);
    void markClarificationsRead(c.id, ids).catch(() => undefined);
  }, [c.id, unread.data]);

  return (
    <Card title={t('Clarifications')} data-testid="contest-clarifications">
      {isContestAdmin ? (
        <ClarificationQueue cid={c.id} fresh={fresh} />
      ) : (
        <>
          {phase === ContestStatus.RUNNING ? (
            <section className="oj-clar-ask">
              <AskClarificationForm cid={c.id} />
            </section>
          ) : (
            <Alert type="info" showIcon message={t('Asking_closed')} style={{ marginBottom: 12 }} />
          )}
          <h3 style={{ margin: '20px 0 10px', fontSize: 16 }}>{t('Clarification_list')}</h3>
          <ClarificationList cid={c.id} fresh={fresh} />
        </>
      )}
    </Card>
  );
}
