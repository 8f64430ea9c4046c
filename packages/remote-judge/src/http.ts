/**
 * The HTTP client adapters use: the platform's fetch with a cookie jar (tough-cookie + fetch-cookie), a browser-like
 * User-Agent, and a timeout. One client per account: its jar is the session.
 */
import makeFetchCookie from 'fetch-cookie';
import { CookieJar } from 'tough-cookie';
import type { RemoteHttp } from './adapter.js';

export interface HttpClientOptions {
  /** Per request, ms (default 30 000). */
  timeoutMs?: number;
  /** A jar to start from (default: empty). */
  jar?: CookieJar;
}

export interface HttpClient extends RemoteHttp {
  readonly jar: CookieJar;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** A fetch with its own cookie jar; sends a browser User-Agent unless one is given; aborts after the timeout. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const jar = options.jar ?? new CookieJar();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const withCookies = makeFetchCookie(fetch, jar);
  return {
    jar,
    fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT);
      return withCookies(url, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
    },
    async setCookie(cookie, url) {
      await jar.setCookie(cookie, url);
    },
  };
}

/** An `application/x-www-form-urlencoded` body. */
export function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
