import { Card, Empty, Pagination, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.js';
import { formatTime } from '../../../lib/time.js';
import { ANNOUNCEMENT_PAGE_SIZE, useContestAnnouncements } from '../api/announcements.js';
import { useContestShell } from '../components/ContestContext.js';
import { markRead } from '../lib/announcement-reads.js';
import { dismissAnnouncementNotices } from '../lib/useContestAnnouncementNotifier.js';

/**
 * The Announcements tab (doc 2 §2.7, §3 "Contest announcement"): the contest's announcements, newest first, a page
 * at a time, each with its time, author and rendered markdown. What the page shows counts as read in this browser
 * (the notifier stops announcing them, and their open notices close).
 */
export default function AnnouncementsTab() {
  const { t } = useTranslation('contest');
  const { contest: c } = useContestShell();
  const [page, setPage] = useState(1);
  const q = useContestAnnouncements(c.id, page);
  const records = q.data?.records ?? [];

  useEffect(() => {
    const ids = records.map((a) => a.id);
    if (ids.length === 0) return;
    markRead(c.id, ids);
    dismissAnnouncementNotices(ids);
  }, [c.id, records]);

  return (
    <Card title={t('tab.announcements')} data-testid="contest-announcements">
      {q.isLoading ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description={t('No_announcements')} />
      ) : (
        records.map((a) => (
          <article
            key={a.id}
            data-testid="contest-announcement"
            style={{ borderBottom: '1px solid var(--oj-border-split)', padding: '12px 0' }}
          >
            <h3 style={{ margin: 0, fontSize: 16, overflowWrap: 'anywhere' }}>{a.title}</h3>
            <div style={{ color: 'var(--oj-text-tertiary)', fontSize: 13, margin: '4px 0 8px' }}>
              {formatTime(a.gmtCreate)} · {a.username}
            </div>
            <Markdown source={a.content} />
          </article>
        ))
      )}
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        current={page}
        pageSize={ANNOUNCEMENT_PAGE_SIZE}
        total={q.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
    </Card>
  );
}
