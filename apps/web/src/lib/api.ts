import type { ApiResponse } from '@oj/shared';
import { LIMITS } from '@oj/shared';
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import i18n from 'i18next';
import { t } from './i18n.js';
import { navigateTo } from './navigation.js';
import { notify } from './notify.js';
import { session } from './session.js';

/**
 * THE api client (doc 1 §7, §8). Base `/api`, 90 s timeout, token in `Authorization` (except the two login
 * calls), `Url-Type: admin|general`, refreshed tokens adopted from the response header, and the global error
 * handling: toasts with the server message, 401 clears the session and asks to log in, 403 refreshes roles.
 * Callers get `data` of the `{ status, msg, data }` wrapper; failures reject with an `ApiError`.
 */
export const http = axios.create({ baseURL: '/api', timeout: LIMITS.requestTimeoutMs });

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

type ErrorBody = Partial<ApiResponse<unknown>> | undefined;

/**
 * The server's message of an error body in the user's language: its `msgKey` translated from the `messages`
 * namespace (loaded on the first error) with `msgParams`, else its English `msg`, else undefined.
 */
export async function serverMessage(body: ErrorBody): Promise<string | undefined> {
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
const failure = (status: number, msg: string, body: ErrorBody) =>
  new ApiError(status, msg, body?.data ?? null, body?.msgKey ?? null, body?.msgParams ?? {});

/** Options per call: `silent` suppresses the toast (e.g. optional endpoints), `silent404` only for 404. */
export interface CallOptions {
  silent?: boolean;
  silent404?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    oj?: CallOptions;
  }
}

function isAdminUrl(url: string | undefined): boolean {
  const u = (url ?? '').replace(/^\/api/, '');
  return u.startsWith('/admin/') || u === '/admin';
}

http.interceptors.request.use((config) => {
  const path = (config.url ?? '').split('?')[0].replace(/^\/api/, '');
  const token = session.get().token;
  if (token && !NO_TOKEN_PATHS.includes(path)) config.headers.set('Authorization', token);
  config.headers.set('Url-Type', isAdminUrl(config.url) ? 'admin' : 'general');
  // No body, no Content-Type: axios would label an empty POST/PUT as a form, which the server refuses (415).
  if (config.data == null) {
    config.data = undefined;
    config.headers.setContentType(false);
  }
  return config;
});

let refreshingRoles = false;
/** Refreshes the signed-in user's roles after a 403 (doc 1 §8); never toasts. */
async function refreshRoles(): Promise<void> {
  if (refreshingRoles || !session.get().token) return;
  refreshingRoles = true;
  try {
    const res = await http.get<ApiResponse<{ roles: string[] }>>('/get-user-auth-info', {
      oj: { silent: true },
    });
    if (res.data?.data?.roles) session.setRoles(res.data.data.roles);
  } catch {
    // roles stay as they were
  } finally {
    refreshingRoles = false;
  }
}

function adoptToken(res: AxiosResponse | undefined): void {
  const token = res?.headers?.authorization;
  if (typeof token === 'string' && token.length > 10 && session.get().token) session.setToken(token);
}

async function readBlobJson(blob: Blob): Promise<Partial<ApiResponse<unknown>> | null> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

http.interceptors.response.use(
  async (res) => {
    adoptToken(res);
    const silent = res.config.oj?.silent;
    if (res.config.responseType === 'blob') {
      const blob = res.data as Blob;
      if (blob.type.includes('application/json')) {
        // A download that answers JSON carries a message instead of a file (doc 1 §8).
        const body = await readBlobJson(blob);
        const msg = (await serverMessage(body ?? undefined)) ?? t('common:Invalid_file_format');
        if (!silent) (body?.status === 200 ? notify.info : notify.error)(msg);
        throw new ApiError(body?.status ?? res.status, msg);
      }
      return res;
    }
    const body = res.data as Partial<ApiResponse<unknown>> | undefined;
    if (body && typeof body === 'object' && body.status !== undefined && body.status !== 200) {
      const msg = (await serverMessage(body)) || t('common:Server_error_refresh');
      if (!silent) notify.error(msg);
      throw failure(body.status, msg, body);
    }
    return res;
  },
  async (err: AxiosError<Partial<ApiResponse<unknown>>>) => {
    const cfg = err.config;
    const silent = cfg?.oj?.silent;
    const admin = isAdminUrl(cfg?.url);
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      const msg = t('common:Request_timeout');
      if (!silent) notify.error(msg);
      throw new ApiError(0, msg);
    }
    const res = err.response;
    if (!res) {
      const msg = t('common:Network_error');
      if (!silent) notify.error(msg);
      throw new ApiError(0, msg);
    }
    adoptToken(res);
    let body: ErrorBody = res.data;
    if (body instanceof Blob) body = (await readBlobJson(body)) ?? undefined;
    if (!body || typeof body !== 'object') body = undefined;
    const serverMsg = await serverMessage(body);
    let msg: string;
    switch (res.status) {
      case 401:
        msg = serverMsg || t('common:Please_login_first');
        if (!silent) notify.warning(msg);
        session.clear();
        // A silent call (background role refresh) only forgets the stale session; it does not interrupt.
        if (!silent) {
          if (admin) navigateTo('/admin/login');
          else session.openLoginModal('Login');
        }
        break;
      case 403:
        msg = serverMsg || t('common:No_permission');
        if (!silent) notify.error(msg);
        void refreshRoles();
        // The admin login refusing a non-admin stays on the login page with the server's message.
        if (admin && !cfg?.url?.endsWith('/admin/login')) navigateTo('/admin');
        break;
      case 404:
        msg = t('common:Resource_not_found');
        if (!silent && !cfg?.oj?.silent404) notify.error(msg);
        break;
      default:
        msg = serverMsg || t('common:Server_error_refresh');
        if (!silent) notify.error(msg);
    }
    throw failure(res.status, msg, body);
  },
);

/** GET returning `data` of the wrapper. */
export async function apiGet<T>(url: string, params?: object, oj?: CallOptions): Promise<T> {
  const res = await http.get<ApiResponse<T>>(url, { params, oj });
  return res.data.data;
}

/** POST returning `data` of the wrapper. */
export async function apiPost<T>(url: string, body?: unknown, oj?: CallOptions): Promise<T> {
  const res = await http.post<ApiResponse<T>>(url, body, { oj });
  return res.data.data;
}

/** PUT returning `data` of the wrapper. */
export async function apiPut<T>(url: string, body?: unknown, oj?: CallOptions): Promise<T> {
  const res = await http.put<ApiResponse<T>>(url, body, { oj });
  return res.data.data;
}

/** DELETE with query parameters, returning `data` of the wrapper. */
export async function apiDelete<T>(url: string, params?: object, oj?: CallOptions): Promise<T> {
  const res = await http.delete<ApiResponse<T>>(url, { params, oj });
  return res.data.data;
}

/** POST of a login call: answers the user info and stores the token from the `Authorization` header. */
export async function apiLogin<T>(url: '/login' | '/admin/login', body: unknown): Promise<T> {
  const res = await http.post<ApiResponse<T>>(url, body);
  const token = res.headers.authorization;
  if (typeof token === 'string' && token) session.setToken(token);
  return res.data.data;
}

/** Multipart upload of one file under `field` (avatar, carousel image), returning `data`. */
export async function apiUpload<T>(url: string, field: string, file: Blob, fileName: string): Promise<T> {
  const form = new FormData();
  form.append(field, file, fileName);
  const res = await http.post<ApiResponse<T>>(url, form);
  return res.data.data;
}

/** File download (5-minute time-out); a JSON body instead of a file shows its message and rejects. */
export async function apiDownload(url: string, params?: object): Promise<Blob> {
  const cfg: AxiosRequestConfig = { params, responseType: 'blob', timeout: LIMITS.downloadTimeoutMs };
  const res = await http.get<Blob>(url, cfg);
  return res.data;
}
