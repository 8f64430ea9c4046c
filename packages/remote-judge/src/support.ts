/**
 * Small helpers every adapter shares: HTML sections to markdown, the sites' time and memory figures in our units,
 * and checked requests. Nothing site-specific lives here.
 */
import { htmlToMarkdown } from '@oj/shared/markdown';
import { type RemoteHttp, RemoteJudgeError } from './adapter.js';

/** An HTML fragment as markdown (trimmed); empty for empty input. */
export function toMarkdown(html: string | null | undefined): string {
  const s = (html ?? '').trim();
  if (!s) return '';
  return htmlToMarkdown(s).trim();
}

/**
 * A time figure in ms: `15MS`, `15 ms`, `2 sec`, `2 seconds`, `1.5s`, `0.01` (seconds, with `unitlessIs`), null when
 * there is no number.
 */
export function parseTimeMs(text: string | null | undefined, unitlessIs: 'ms' | 's' = 'ms'): number | null {
  const m = /([\d.]+)\s*([a-z]*)/i.exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  const unit = m[2].toLowerCase();
  const seconds = unit.startsWith('s') || (unit === '' && unitlessIs === 's');
  return Math.round(seconds ? n * 1000 : n);
}

/** A memory figure in KB: `1404K`, `3660 KB`, `5.3M`, `256 megabytes`, `1024 MiB`, `65536 B`; null without number. */
export function parseMemoryKb(
  text: string | null | undefined,
  unitlessIs: 'kb' | 'mb' = 'kb',
): number | null {
  const m = /([\d.]+)\s*([a-z]*)/i.exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  const unit = m[2].toLowerCase();
  if (unit.startsWith('g')) return Math.round(n * 1024 * 1024);
  if (unit.startsWith('m') || (unit === '' && unitlessIs === 'mb')) return Math.round(n * 1024);
  if (unit === 'b' || unit.startsWith('byte')) return Math.round(n / 1024);
  return Math.round(n);
}

/** GET/POST `url` and return the body; non-2xx/3xx answers throw site-error (5xx) or not-found (404). */
export async function fetchText(
  http: RemoteHttp,
  url: string,
  init?: RequestInit,
): Promise<{ res: Response; text: string }> {
  const res = await http.fetch(url, init);
  const text = await res.text();
  if (res.status === 404) throw new RemoteJudgeError('not-found', `${new URL(url).pathname}: 404`);
  if (res.status >= 400)
    throw new RemoteJudgeError('site-error', `${new URL(url).pathname}: HTTP ${res.status}`);
  return { res, text };
}

/** `url` with `query` appended. */
export function withQuery(url: string, query: Record<string, string | number>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
  return u.toString();
}
