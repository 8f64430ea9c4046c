import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const apiGet = vi.fn();
const apiDelete = vi.fn();
vi.mock('../../../lib/api.js', () => ({ apiGet, apiDelete, ApiError: class extends Error {} }));
/** The live stream as the hook subscribes to it: handlers by event type. */
const live = new Map<string, () => void>();
vi.mock('../../../lib/events.js', () => ({
  useLiveEvent: (type: string, handler: () => void, enabled = true) => {
    if (enabled) live.set(type, handler);
  },
  useLiveResync: (handler: () => void, enabled = true) => {
    if (enabled) live.set('resync', handler);
  },
}));

const { queryClient } = await import('../../../lib/query-client.js');
const { cleanMessages, getMessages, useMessages } = await import('./messages.js');
const { badgeCount, useUnread } = await import('./get-unread.js');
const { messageKeys } = await import('./keys.js');

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('message centre calls (doc 1 §2.8, §7)', () => {
  afterEach(() => {
    apiGet.mockReset();
    apiDelete.mockReset();
    queryClient.clear();
  });

  it('asks each box with its page size: 6 for discuss, reply, like; 8 for system and mine', async () => {
    apiGet.mockResolvedValue({ records: [], total: 0, current: 1, size: 6 });
    for (const tab of ['discuss', 'reply', 'like', 'sys', 'mine'] as const) await getMessages(tab, 2);
    expect(apiGet.mock.calls).toEqual([
      ['/msg/comment', { currentPage: 2, limit: 6 }],
      ['/msg/reply', { currentPage: 2, limit: 6 }],
      ['/msg/like', { currentPage: 2, limit: 6 }],
      ['/msg/sys', { currentPage: 2, limit: 8 }],
      ['/msg/mine', { currentPage: 2, limit: 8 }],
    ]);
  });

  it('deletes one message by id or the whole box by type', async () => {
    apiDelete.mockResolvedValue(null);
    await cleanMessages({ tab: 'like', id: 7 });
    await cleanMessages({ tab: 'sys' });
    expect(apiDelete.mock.calls).toEqual([
      ['/msg/clean', { type: 'Like', id: 7 }],
      ['/msg/clean', { type: 'Sys', id: undefined }],
    ]);
  });

  it('opening a box fetches the unread counts again (they drop once a list is loaded)', async () => {
    queryClient.setQueryData(messageKeys.unread('u1'), { comment: 3, reply: 0, like: 0, sys: 0, mine: 0 });
    apiGet.mockResolvedValue({ records: [], total: 0, current: 1, size: 6 });
    const { result } = renderHook(() => useMessages('u1', 'discuss', 1), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(messageKeys.unread('u1'))?.isInvalidated).toBe(true);
  });

  it('an unread-messages event (or a resync of the live stream) fetches the counts again at once', async () => {
    apiGet.mockResolvedValue({ comment: 1, reply: 0, like: 0, sys: 0, mine: 0 });
    const { result } = renderHook(() => useUnread('u1'), { wrapper });
    await waitFor(() => expect(result.current.comment).toBe(1));
    apiGet.mockResolvedValue({ comment: 2, reply: 1, like: 0, sys: 0, mine: 0 });
    live.get('unread-messages')?.();
    await waitFor(() => expect(result.current).toMatchObject({ comment: 2, reply: 1 }));
    apiGet.mockResolvedValue({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    live.get('resync')?.();
    await waitFor(() => expect(result.current.comment).toBe(0));
    expect(apiGet).toHaveBeenCalledWith('/msg/unread', undefined, { silent: true });
  });

  it('caps the badge at 99', () => {
    expect([0, 5, 99, 100, 12345].map(badgeCount)).toEqual([0, 5, 99, 99, 99]);
  });
});
