import type { UploadProgress } from './api.js';

/**
 * `fetch(url, init)` through XMLHttpRequest, for the one thing fetch cannot do: report upload progress (issue 28).
 * Takes the same init (method, headers, body, signal) and resolves with a `Response` built from the XHR's answer,
 * so the caller's error handling is the same; `onProgress(sent, total)` is called as the body goes out, and once
 * more with `(total, total)` when it is all sent. Rejects like fetch: a TypeError when there is no answer, a
 * DOMException named as the signal's reason (TimeoutError, AbortError) when the signal fires.
 */
export function xhrFetch(url: string, init: RequestInit, onProgress: UploadProgress): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'blob';
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.upload.onload = (e) => onProgress(e.total || e.loaded, e.total || e.loaded);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const nullBody = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(nullBody ? null : xhr.response, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.ontimeout = () => reject(new DOMException('timed out', 'TimeoutError'));
    const signal = init.signal;
    if (signal) {
      const abort = () => {
        const reason = signal.reason;
        xhr.abort();
        reject(reason instanceof DOMException ? reason : new DOMException('aborted', 'AbortError'));
      };
      if (signal.aborted) {
        abort();
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
      xhr.onloadend = () => signal.removeEventListener('abort', abort);
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
