import type { ApiResponse } from '@oj/shared';
import { LIMITS } from '@oj/shared';
import i18n from 'i18next';
import { t } from './i18n.js';
import { navigateTo } from './navigation.js';
import { notify } from './notify.js';
import { session } from './session.js';
import { xhrFetch } from './xhr-fetch.js';

/**
 * THE api client (doc 1 §7, §8), on the browser's `fetch`. Base `/api`, 90 s timeout, token in `Authorization`
 * (except the two login calls), `Url-Type: admin|general`, refreshed tokens adopted from the response header, and
 * the global error handling: toasts with the server message, 401 clears the session and asks to log in, 403
 * refreshes roles. Callers get `data` of the `{ status, msg, data }` wrapper; failures reject with an `ApiError`.
 */
const BASE = '/api';

/** Paths that must not carry the stored token (doc 1 §7). */
const NO_TOKEN_PATHS = ['/login', '/admin/login'];

/**
 * A failed call: HTTP status (0 when no response), the message already shown to the user (translated), and the
 * server's message key and parameters when it sent them (a form can place a `field` error under its input).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: unknown = null,
    public readonly msgKey: string | null = null,
    public readonly msgParams: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** Options per call: `silent` suppresses the toast (e.g. optional endpoints), `silent404` only for 404. */
export interface CallOptions {
  silent?: boolean;
  silent404?: boolean;
}

/** One request: method, path under `/api` (may carry a query string), query parameters, body, options. */
interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: object;
  body?: unknown;
  oj?: CallOptions;
  blob?: boolean;
  timeoutMs?: number;
  /** Upload progress: called with the bytes sent and the total (the request then goes through XHR). */
  onUploadProgress?: UploadProgress;
}

/** Upload progress callback: bytes of the request body sent so far, and its total. */
export type UploadProgress = (sent: number, total: number) => void;

type Body = Partial<ApiResponse<unknown>> | undefined;

/**
 * The server's message of an error body in the user's language: its `msgKey` translated from the `messages`
 * namespace (loaded on the first error) with `msgParams`, else its English `msg`, else undefined.
 */
export async function serverMessage(body: Body): Promise<string | undefined> {
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.msgKey === 'string') {
    const key = `messages:${body.msgKey}`;
    try {
      await i18n.loadNamespaces('messages');
    } catch {
      // the dictionary did not load: fall back to the English text
    }
    if (i18n.exists(key)) return i18n.t(key, { replace: body.msgParams ?? {} });
  }
  return body.msg || undefined;
}

/** An ApiError carrying the body's data, key and parameters. */
const failure = (status: number, msg: string, body: Body) =>
  new ApiError(status, msg, body?.data ?? null, body?.msgKey ?? null, body?.msgParams ?? {});

function isAdminUrl(url: string): boolean {
  return url.startsWith('/admin/') || url === '/admin';
}

/** Query string of `params` as axios wrote it: null/undefined left out, arrays as `key[]=v`, dates in ISO. */
export function queryString(params: object | undefined): string {
  const q = new URLSearchParams();
  const add = (k: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (v instanceof Date) q.append(k, v.toISOString());
    else if (typeof v === 'object') q.append(k, JSON.stringify(v));
    else q.append(k, String(v));
  };
  for (const [k, v] of Object.entries(params ?? {})) {
    if (Array.isArray(v)) for (const item of v) add(`${k}[]`, item);
    else add(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Adopts a refreshed token from a response's `Authorization` header (while signed in). */
export function adoptToken(headers: Headers): void {
  const token = headers.get('authorization');
  if (token && token.length > 10 && session.get().token) session.setToken(token);
}

function parseJson(text: string): Body {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

let refreshingRoles = false;
/** Refreshes the signed-in user's roles after a 403 (doc 1 §8); never toasts. */
async function refreshRoles(): Promise<void> {
  if (refreshingRoles || !session.get().token) return;
  refreshingRoles = true;
  try {
    const data = await apiGet<{ roles: string[] }>('/get-user-auth-info', undefined, { silent: true });
    if (data?.roles) session.setRoles(data.roles);
  } catch {
    // roles stay as they were
  } finally {
    refreshingRoles = false;
  }
}

/** Rejects a non-2xx answer with the message doc 1 §8 shows for its status (and its side effects). */
async function failed(req: Request, status: number, body: Body): Promise<never> {
  const silent = req.oj?.silent;
  const serverMsg = await serverMessage(body);
  let msg: string;
  switch (status) {
    case 401:
      msg = serverMsg || t('common:Please_login_first');
      if (!silent) notify.warning(msg);
      session.clear();
      // A silent call (background role refresh) only forgets the stale session; it does not interrupt.
      if (!silent) {
        if (isAdminUrl(req.url)) navigateTo('/admin/login');
        else session.openLoginModal('Login');
      }
      break;
    case 403:
      msg = serverMsg || t('common:No_permission');
      if (!silent) notify.error(msg);
      void refreshRoles();
      // The admin login refusing a non-admin stays on the login page with the server's message.
      if (isAdminUrl(req.url) && !req.url.endsWith('/admin/login')) navigateTo('/admin');
      break;
    case 404:
      msg = t('common:Resource_not_found');
      if (!silent && !req.oj?.silent404) notify.error(msg);
      break;
    default:
      msg = serverMsg || t('common:Server_error_refresh');
      if (!silent) notify.error(msg);
  }
  throw failure(status, msg, body);
}

/** Shows and rejects with `msg` (no answer, time-out, or a refusal inside a 200 answer carrying `body`). */
function fail(req: Request, status: number, msg: string, body: Body = undefined, info = false): never {
  if (!req.oj?.silent) (info ? notify.info : notify.error)(msg);
  throw failure(status, msg, body);
}

/** Sends `req`; resolves with the parsed wrapper (or the file) and the response headers. */
async function send(req: Request): Promise<{ body: Body; blob?: Blob; headers: Headers }> {
  const path = req.url.split('?')[0];
  const headers = new Headers({ 'Url-Type': isAdminUrl(req.url) ? 'admin' : 'general' });
  const token = session.get().token;
  if (token && !NO_TOKEN_PATHS.includes(path)) headers.set('Authorization', token);
  let payload: BodyInit | undefined;
  if (req.body instanceof FormData || req.body instanceof Blob) payload = req.body;
  else if (req.body !== undefined && req.body !== null) {
    payload = JSON.stringify(req.body);
    headers.set('Content-Type', 'application/json');
  }
  let res: Response;
  try {
    const init: RequestInit = {
      method: req.method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(req.timeoutMs ?? LIMITS.requestTimeoutMs),
    };
    const url = `${BASE}${req.url}${queryString(req.params)}`;
    res = req.onUploadProgress ? await xhrFetch(url, init, req.onUploadProgress) : await fetch(url, init);
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return fail(req, 0, t(timedOut ? 'common:Request_timeout' : 'common:Network_error'));
  }
  adoptToken(res.headers);
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  if (!res.ok) return failed(req, res.status, parseJson(await res.text()));
  if (req.blob && !isJson) return { body: undefined, blob: await res.blob(), headers: res.headers };
  const body = parseJson(await res.text());
  if (req.blob) {
    // A download that answers JSON carries a message instead of a file (doc 1 §8).
    const msg = (await serverMessage(body)) ?? t('common:Invalid_file_format');
    return fail(req, body?.status ?? res.status, msg, body, body?.status === 200);
  }
  if (body && body.status !== undefined && body.status !== 200)
    return fail(req, body.status, (await serverMessage(body)) || t('common:Server_error_refresh'), body);
  return { body, headers: res.headers };
}

async function call<T>(req: Request): Promise<T> {
  return (await send(req)).body?.data as T;
}

/** GET returning `data` of the wrapper. */
export function apiGet<T>(url: string, params?: object, oj?: CallOptions): Promise<T> {
  return call<T>({ method: 'GET', url, params, oj });
}

/** POST returning `data` of the wrapper; `params` go to the query string. */
export function apiPost<T>(url: string, body?: unknown, oj?: CallOptions, params?: object): Promise<T> {
  return call<T>({ method: 'POST', url, body, oj, params });
}

/** PUT returning `data` of the wrapper; `params` go to the query string. */
export function apiPut<T>(url: string, body?: unknown, oj?: CallOptions, params?: object): Promise<T> {
  return call<T>({ method: 'PUT', url, body, oj, params });
}

/** DELETE with query parameters (and a JSON body when given), returning `data` of the wrapper. */
export function apiDelete<T>(url: string, params?: object, oj?: CallOptions, body?: unknown): Promise<T> {
  return call<T>({ method: 'DELETE', url, params, oj, body });
}

/** POST of a login call: answers the user info and stores the token from the `Authorization` header. */
export async function apiLogin<T>(url: '/login' | '/admin/login', body: unknown): Promise<T> {
  const res = await send({ method: 'POST', url, body });
  const token = res.headers.get('authorization');
  if (token) session.setToken(token);
  return res.body?.data as T;
}

/**
 * Multipart upload of one file under `field` (avatar, carousel image, test data, import package), returning `data`.
 * `onProgress` gets the bytes sent and the total as the body goes out (issue 28: fetch reports no upload progress,
 * so the request then goes through XHR; errors are handled the same either way).
 */
export function apiUpload<T>(
  url: string,
  field: string,
  file: Blob,
  fileName: string,
  onProgress?: UploadProgress,
): Promise<T> {
  const form = new FormData();
  form.append(field, file, fileName);
  return call<T>({ method: 'POST', url, body: form, onUploadProgress: onProgress });
}

/** File download (5-minute time-out); a JSON body instead of a file shows its message and rejects. */
export async function apiDownload(url: string, params?: object): Promise<Blob> {
  const res = await send({ method: 'GET', url, params, blob: true, timeoutMs: LIMITS.downloadTimeoutMs });
  return res.blob as Blob;
}
