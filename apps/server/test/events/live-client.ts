import http from 'node:http';
import { createSseParser, type SseEvent } from '@oj/shared';
import type { FastifyInstance } from 'fastify';

/** A test's reader of `GET /api/events` over real HTTP (the stream never ends, so `app.inject` cannot read it). */
export interface LiveClient {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The last event id the stream gave (what a browser would send as Last-Event-ID). */
  lastEventId(): string | undefined;
  /** Resolves with the parsed data of the first event of `type` matching `match` (received already or later). */
  next<T = Record<string, unknown>>(type: string, match?: (data: T) => boolean, ms?: number): Promise<T>;
  /** Events of `type` received so far, parsed. */
  all<T = Record<string, unknown>>(type: string): T[];
  /** The body of a refused stream (JSON), or null. */
  body: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Starts `app` on a free loopback port (once) and returns its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const addr = app.server.address();
  if (addr && typeof addr === 'object') return `http://127.0.0.1:${addr.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${a.port}`;
}

/**
 * Opens a stream at `base` with an optional token and Last-Event-ID, on a socket of its own (node:http without an
 * agent): closing it closes that socket, as a browser tab that goes away does.
 */
export async function openLive(
  base: string,
  opts: { token?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<LiveClient> {
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const parser = createSseParser((e) => {
    events.push(e);
    for (const w of [...waiters]) w();
  });
  const req = http.request(`${base}/api/events`, {
    agent: false,
    headers: {
      ...(opts.token ? { authorization: opts.token } : {}),
      ...(opts.lastEventId !== undefined ? { 'last-event-id': opts.lastEventId } : {}),
      ...opts.headers,
    },
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  req.on('error', () => undefined);
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
  let body: unknown = null;
  let ended: Promise<void> = Promise.resolve();
  if (res.statusCode === 200) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => parser.push(chunk));
    ended = new Promise<void>((resolve) => res.once('close', () => resolve()));
  } else {
    let text = '';
    res.setEncoding('utf8');
    for await (const chunk of res) text += chunk;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const parsed = <T>(e: SseEvent) => JSON.parse(e.data) as T;
  return {
    status: res.statusCode ?? 0,
    headers,
    events,
    body,
    ended,
    lastEventId: () => parser.lastEventId,
    all: <T>(type: string) => events.filter((e) => e.type === type).map((e) => parsed<T>(e)),
    next<T>(type: string, match: (d: T) => boolean = () => true, ms = 5000) {
      return new Promise<T>((resolve, reject) => {
        const look = () => {
          const hit = events.find((e) => e.type === type && match(parsed<T>(e)));
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(parsed<T>(hit));
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} event within ${ms} ms; got ${events.map((e) => e.type).join(', ')}`));
        }, ms);
        if (!look()) waiters.add(check);
      });
    },
    close: () => req.destroy(),
  };
}

/** Waits `ms` (for "nothing arrives" checks after something that should have arrived did). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Routes that answer a never-ending stream: `app.inject` must not wait for their end. */
export const STREAM_ROUTES = new Set(['/api/events']);

/**
 * `app.inject` for a streaming route: resolves at the response head; an event stream is then dropped unread (it
 * stays open on the server until the app closes), a refusal's body is read whole. `body` is the parsed JSON of a
 * refusal (null for a stream).
 */
export async function injectStream(
  app: FastifyInstance,
  opts: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
  // biome-ignore lint/suspicious/noExplicitAny: API JSON read by tests field by field
): Promise<{ code: number; body: any; contentType: string }> {
  const res = await app.inject({
    method: opts.method as 'GET',
    url: opts.url,
    headers: opts.headers,
    payload: opts.payload as string | undefined,
    payloadAsStream: true,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  if (contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { code: res.statusCode, body: null, contentType };
  }
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  const text = Buffer.concat(chunks).toString('utf8');
  // biome-ignore lint/suspicious/noExplicitAny: API JSON read by tests field by field
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { code: res.statusCode, body, contentType };
}
