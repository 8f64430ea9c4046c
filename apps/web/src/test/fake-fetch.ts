import { vi } from 'vitest';

/** One request the fake server saw: method, path under `/api`, query parameters, headers and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Headers;
  body: unknown;
}

/** What the fake server answers: HTTP status, a body (a string is sent as it is, a file; anything else JSON-encoded) and response headers. */
export interface FakeReply {
  status: number;
  data: unknown;
  headers?: Record<string, string>;
}

/**
 * Test helper: replaces the global `fetch` with a server answering `reply(request)`; returns the list the seen
 * requests are pushed to. Restore with `vi.unstubAllGlobals()`.
 */
export function fakeFetch(reply: (r: SeenRequest) => FakeReply): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      params: Object.fromEntries(url.searchParams),
      headers: new Headers(init.headers),
      body,
    };
    seen.push(req);
    const r = reply(req);
    const raw = typeof r.data === 'string';
    const headers = { 'content-type': raw ? 'application/octet-stream' : 'application/json', ...r.headers };
    return new Response(raw ? (r.data as string) : JSON.stringify(r.data), { status: r.status, headers });
  });
  return seen;
}
