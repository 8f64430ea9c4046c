import { type AnnouncementItem, LIMITS, type Page } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel.js';
import { SimplePager } from '../../../components/SimplePager.js';
import { formatTime } from '../../../lib/time.js';
import { getCommonAnnouncement } from '../api/get-common-announcement.js';
import { announcementKeys } from '../api/keys.js';

/** Loaded when an announcement is opened: the list itself shows no markdown (and the home page carries none). */
const Markdown = lazy(() => import('../../../components/Markdown.js').then((m) => ({ default: m.Markdown })));

const muted: React.CSSProperties = { color: 'var(--oj-text-tertiary)', fontSize: 13 };

/** Whose announcements a panel lists: the query key and the fetch of one page (page, page size). */
export interface AnnouncementSource {
  key: (page: number, limit: number) => readonly unknown[];
  fetch: (page: number, limit: number) => Promise<Page<AnnouncementItem>>;
}

/** The site's announcements (GET /api/get-common-announcement). */
const SITE_SOURCE: AnnouncementSource = { key: announcementKeys.list, fetch: getCommonAnnouncement };

/**
 * Announcement panel of doc 1 §2.6: a paged list (title, time, author) with Refresh; clicking an item shows its
 * rendered markdown with Back (each item a button: Tab and Enter open it too); an empty state when there is
 * none. `source` picks whose announcements (the site's by default; a group's home passes its own, doc 3 §2).
 */
export function AnnouncementPanel({ source = SITE_SOURCE }: { source?: AnnouncementSource } = {}) {
  const { t } = useTranslation('home');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const limit = LIMITS.announcementPageSize;
  const q = useQuery({
    queryKey: source.key(page, limit),
    queryFn: () => source.fetch(page, limit),
    placeholderData: keepPreviousData,
  });
  const records = q.data?.records ?? [];
  const open = records.find((r) => r.id === openId);

  if (open) {
    return (
      <Panel
        title={open.title}
        extra={<Button onClick={() => setOpenId(null)}>{t('common:Back')}</Button>}
        testId="announcement-detail"
      >
        <div style={muted}>
          {formatTime(open.gmtCreate)} · {open.username}
        </div>
        <div style={{ marginTop: 12 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 16 }} />}>
            <Markdown source={open.content} />
          </Suspense>
        </div>
      </Panel>
    );
  }

  return (
    <Panel
      title={t('Announcement')}
      testId="announcement-panel"
      extra={
        <Button size="small" onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('Refresh')}
        </Button>
      }
    >
      {q.isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : records.length === 0 ? (
        <Empty description={t('No_announcements')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {records.map((a) => (
            <li key={a.id} style={{ borderBottom: '1px solid var(--oj-border-split)' }}>
              <button
                type="button"
                className="oj-plain-button oj-row-button oj-row-hover"
                onClick={() => setOpenId(a.id)}
                style={{ padding: '10px 4px' }}
              >
                <span style={{ flex: 1, minWidth: 0 }}>
                  <span
                    style={{
                      display: 'block',
                      color: 'var(--oj-primary)',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {a.title}
                  </span>
                  <span style={{ ...muted, display: 'block' }}>{a.username}</span>
                </span>
                <span style={{ ...muted, whiteSpace: 'nowrap' }}>{formatTime(a.gmtCreate)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <SimplePager current={page} pageSize={limit} total={q.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}
