import { createSseParser, LIVE_EVENT, LIVE_LIMITS, type LiveReadyData, type SseEvent } from '@oj/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { adoptToken } from './api.js';
import { session } from './session.js';

/**
 * Live updates (issue 10 §4; docs/events.md): ONE `GET /api/events` stream per tab, read with `fetch` (so the token
 * goes in the `Authorization` header like every call — `EventSource` cannot send it, and the session token never
 * goes in a URL), parsed by the shared SSE parser. It opens with the first subscriber, reconnects with backoff and
 * `Last-Event-ID` (the server replays what was missed, or sends `reset`), restarts fresh when the signed-in user
 * changes, and closes while the tab stays hidden (browsers allow about six HTTP/1.1 connections per site).
 *
 * "Live" means the server's `ready` arrived and bytes keep coming (keep-alives every 25 s); a proxy that buffers
 * the stream never delivers `ready`, so the page keeps polling. Pages use {@link useLiveStatus} to stretch their
 * polling while live and {@link useLiveEvent} to act on events; {@link useLiveResync} runs when the stream cannot
 * vouch for what happened while it was away (a fresh `ready`, or `reset`).
 */

type Handler = (data: unknown) => void;
type Status = 'off' | 'connecting' | 'live';

/** Handlers of this name run on `reset` and on a `ready` that did not replay (refetch what you show). */
const RESYNC = '__resync';
/** No byte for this long (two keep-alives and slack) means the stream is dead: reconnect. */
const SILENCE_MS = LIVE_LIMITS.keepAliveMs * 2 + 10_000;
/** A live stream that ended cleanly is reopened at once; it counts as down only after this long without `ready`. */
const DOWN_GRACE_MS = 5000;
/** With no subscriber left for this long the stream closes (page changes unmount and mount within it). */
const IDLE_CLOSE_MS = 10_000;

/** Who the stream is for: the signed-in user (or a token whose user is not known yet), or nobody. */
const viewerKey = () => {
  const s = session.get();
  return s.token ? (s.userInfo?.uid ?? '?') : '';
};

export class LiveConnection {
  private handlers = new Map<string, Set<Handler>>();
  private subscribers = 0;
  private statusListeners = new Set<() => void>();
  private current: Status = 'off';
  private abort: AbortController | null = null;
  private lastEventId: string | undefined;
  private delay: number = LIVE_LIMITS.reconnectFirstMs;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private downTimer: ReturnType<typeof setTimeout> | null = null;
  private viewer = viewerKey();
  private wired = false;

  status(): Status {
    return this.current;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Adds `handler` for events named `type` (opening the stream if needed); returns the unsubscribe. */
  subscribe(type: string, handler: Handler): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    this.handlers.set(type, set);
    set.add(handler);
    this.subscribers += 1;
    this.wire();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.open();
    return () => {
      set.delete(handler);
      this.subscribers -= 1;
      if (this.subscribers === 0 && !this.idleTimer) {
        this.idleTimer = setTimeout(() => {
          this.idleTimer = null;
          if (this.subscribers === 0) this.close();
        }, IDLE_CLOSE_MS);
      }
    };
  }

  private setStatus(s: Status): void {
    if (s === this.current) return;
    this.current = s;
    for (const l of [...this.statusListeners]) l();
  }

  /** Session and visibility watchers, once. */
  private wire(): void {
    if (this.wired || typeof window === 'undefined') return;
    this.wired = true;
    let pending: ReturnType<typeof setTimeout> | null = null;
    session.subscribe(() => {
      // login stores the token, then the user: settle before deciding the viewer changed
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = null;
        const next = viewerKey();
        if (next === this.viewer) return;
        this.viewer = next;
        this.lastEventId = undefined;
        this.close();
        if (this.subscribers > 0) this.open();
      }, 200);
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') {
        this.hiddenTimer ??= setTimeout(() => {
          this.hiddenTimer = null;
          this.close();
        }, LIVE_LIMITS.hiddenCloseMs);
      } else {
        if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
        this.hiddenTimer = null;
        if (this.subscribers > 0) this.open();
      }
    });
  }

  /** Opens the stream unless it is open, opening, or waiting to retry. */
  private open(): void {
    if (this.abort || this.retryTimer || this.subscribers === 0) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden' && !this.hiddenTimer) return;
    const ctrl = new AbortController();
    this.abort = ctrl;
    if (this.current === 'off') this.setStatus('connecting');
    void this.run(ctrl).then((outcome) => {
      if (this.silenceTimer) clearTimeout(this.silenceTimer);
      // closed or replaced meanwhile: the newer state stands
      if (this.abort !== ctrl) return;
      this.abort = null;
      if (outcome === 'ended') {
        // The server ended a live stream (its lifetime, a restart): resume at once and stay "live" meanwhile.
        this.downTimer ??= setTimeout(() => {
          this.downTimer = null;
          if (this.current === 'live') this.setStatus('connecting');
        }, DOWN_GRACE_MS);
        this.open();
        return;
      }
      this.setStatus('connecting');
      this.retry();
    });
  }

  /** Closes the stream (no retry); `lastEventId` is kept so the next open resumes. */
  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.downTimer) clearTimeout(this.downTimer);
    this.retryTimer = null;
    this.downTimer = null;
    const ctrl = this.abort;
    this.abort = null;
    ctrl?.abort();
    this.setStatus('off');
  }

  private retry(): void {
    const wait = this.delay * (0.75 + Math.random() / 2);
    this.delay = Math.min(this.delay * 2, LIVE_LIMITS.reconnectMaxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, wait);
  }

  /** The stream is alive while bytes keep coming. */
  private heard(ctrl: AbortController): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => ctrl.abort(), SILENCE_MS);
  }

  /**
   * One connection, read to its end: 'ended' when the server ended a stream that had said `ready` and lasted a
   * while, 'failed' otherwise (refused, cut, silent, or never ready: a proxy that buffers it).
   */
  private async run(ctrl: AbortController): Promise<'ended' | 'failed'> {
    let ready = false;
    const started = Date.now();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Url-Type': 'general' };
    const token = session.get().token;
    if (token) headers.Authorization = token;
    if (this.lastEventId !== undefined) headers['Last-Event-ID'] = this.lastEventId;
    try {
      const res = await fetch('/api/events', { headers, signal: ctrl.signal, cache: 'no-store' });
      adoptToken(res.headers);
      if (res.status === 401 && token) {
        // The stored token is not valid any more (as a silent call, forget it; the stream goes on anonymous).
        session.clear();
        return 'failed';
      }
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !res.body || !type.startsWith('text/event-stream')) {
        // 429 and 5xx: back off further before the next try
        if (res.status >= 400) this.delay = Math.max(this.delay, LIVE_LIMITS.reconnectMaxMs / 2);
        return 'failed';
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = createSseParser(
        (e) => {
          if (e.type === LIVE_EVENT.ready) ready = true;
          this.dispatch(e);
        },
        (id) => {
          this.lastEventId = id;
        },
      );
      this.heard(ctrl);
      for (;;) {
        const { value, done } = await reader.read();
        // A stream cut right after `ready` again and again (a broken proxy) backs off like a failure.
        if (done) return ready && Date.now() - started > DOWN_GRACE_MS ? 'ended' : 'failed';
        this.heard(ctrl);
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      return 'failed';
    }
  }

  private dispatch(e: SseEvent): void {
    let data: unknown = null;
    try {
      data = e.data ? JSON.parse(e.data) : null;
    } catch {
      return;
    }
    if (e.type === LIVE_EVENT.ready) {
      this.delay = LIVE_LIMITS.reconnectFirstMs;
      if (this.downTimer) clearTimeout(this.downTimer);
      this.downTimer = null;
      this.setStatus('live');
      if (!(data as LiveReadyData | null)?.resumed) this.emit(RESYNC, null);
    } else if (e.type === LIVE_EVENT.reset) this.emit(RESYNC, null);
    this.emit(e.type, data);
  }

  private emit(type: string, data: unknown): void {
    for (const h of [...(this.handlers.get(type) ?? [])]) {
      try {
        h(data);
      } catch {
        // one page's handler failing must not stop the others
      }
    }
  }
}

/** The tab's one live connection. */
export const liveEvents = new LiveConnection();

const subscribeStatus = (l: () => void) => liveEvents.onStatus(l);
const isLive = () => liveEvents.status() === 'live';

/** True while the tab's stream is open and vouched for by the server (`ready` received); re-renders on change. */
export function useLiveStatus(): boolean {
  useEffect(() => liveEvents.subscribe(LIVE_EVENT.ready, () => undefined), []);
  return useSyncExternalStore(subscribeStatus, isLive, () => false);
}

/**
 * Runs `handler` with the data of every `type` event while mounted and `enabled` (the latest `handler` is called,
 * so it may close over state). Opens the stream if it is not open.
 */
export function useLiveEvent<T>(type: string, handler: (data: T) => void, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return liveEvents.subscribe(type, (d) => ref.current(d as T));
  }, [type, enabled]);
}

/** Runs `refetch` when the stream cannot vouch for what happened while it was away (a fresh `ready`, `reset`). */
export function useLiveResync(refetch: () => void, enabled = true): void {
  useLiveEvent(RESYNC, () => refetch(), enabled);
}

/**
 * A function that runs `fn` at most once per `minMs` (plus up to `jitterMs`, so that many tabs do not ask at the
 * same instant), the last call of a busy period running at the end of it.
 */
export function throttled(fn: () => void, minMs: number, jitterMs = 0): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    const wait = Math.max(0, last + minMs - Date.now()) + Math.random() * jitterMs;
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      fn();
    }, wait);
  };
}
