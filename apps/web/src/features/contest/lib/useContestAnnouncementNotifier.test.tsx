import type { ContestAnnouncementVo } from '@oj/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const unread = vi.fn<(cid: number, read: readonly number[]) => Promise<ContestAnnouncementVo[]>>();
vi.mock('../api/announcements.js', () => ({ getUnreadAnnouncements: unread }));

const { checkContestAnnouncements } = await import('./useContestAnnouncementNotifier.js');
const { loadReadIds, markRead } = await import('./announcement-reads.js');

const ann = (id: number, username = 'root'): ContestAnnouncementVo => ({
  id,
  cid: 3,
  title: `A${id}`,
  content: '',
  username,
  gmtCreate: '2026-01-01T00:00:00Z',
  gmtModified: '2026-01-01T00:00:00Z',
});

describe('one announcement check (doc 2 §7 get-contest-not-read-announcement)', () => {
  beforeEach(() => {
    localStorage.clear();
    unread.mockReset();
  });

  it('sends the ids read in this browser and shows each new one, oldest first', async () => {
    markRead(3, [1]);
    unread.mockResolvedValue([ann(5), ann(4)]);
    const shown: number[] = [];
    const fresh = await checkContestAnnouncements(3, (a) => shown.push(a.id));
    expect(unread).toHaveBeenCalledWith(3, [1]);
    expect(shown).toEqual([4, 5]);
    expect(fresh.map((a) => a.id)).toEqual([5, 4]);
    // Shown is not read: the notice marks it read when it is closed or followed.
    expect(loadReadIds(3)).toEqual([1]);
  });

  it('counts the viewer’s own announcements as read without a notice', async () => {
    unread.mockResolvedValue([ann(7, 'coach'), ann(6, 'root')]);
    const shown: number[] = [];
    await checkContestAnnouncements(3, (a) => shown.push(a.id), 'coach');
    expect(shown).toEqual([6]);
    expect(loadReadIds(3)).toEqual([7]);
  });

  it('a failed check shows nothing and lets the next one try again', async () => {
    unread.mockRejectedValue(new Error('offline'));
    const show = vi.fn();
    expect(await checkContestAnnouncements(3, show)).toEqual([]);
    expect(show).not.toHaveBeenCalled();
  });
});
