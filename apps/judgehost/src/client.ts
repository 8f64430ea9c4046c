import type {
  Heartbeat,
  JudgehostInfo,
  JudgeProgress,
  JudgeRelease,
  JudgeResult,
  JudgeTask,
  LeaseRequest,
} from '@oj/shared';

/** An HTTP answer other than 2xx from the server (status and its message). */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080 (the API is under /api/judge/). */
  server: string;
  token: string;
  /** Time-out of short calls, ms (lease adds its wait). */
  timeoutMs?: number;
}

/**
 * The judgehost's side of the judge protocol (docs/judge-protocol.md): one method per route, the token in
 * `X-Judge-Token`. Network failures reject with the fetch error; non-2xx answers reject with HttpError.
 */
export class JudgeClient {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: ClientOptions) {
    this.base = `${opts.server.replace(/\/+$/, '')}/api/judge`;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  private async request(
    path: string,
    init: { body?: unknown; timeoutMs?: number; signal?: AbortSignal } = {},
  ) {
    const timeout = AbortSignal.timeout(init.timeoutMs ?? this.timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const res = await fetch(`${this.base}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        'x-judge-token': this.opts.token,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
    if (!res.ok) {
      let msg = res.statusText;
      try {
        msg = ((await res.json()) as { msg?: string }).msg ?? msg;
      } catch {
        // not JSON
      }
      throw new HttpError(res.status, `${path}: ${res.status} ${msg}`);
    }
    return res;
  }

  private async json<T>(
    path: string,
    body: unknown,
    extra: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) {
    const res = await this.request(path, { body, ...extra });
    return ((await res.json()) as { data: T }).data;
  }

  /** POST register -> judgehostId. */
  async register(info: JudgehostInfo): Promise<string> {
    return (await this.json<{ judgehostId: string }>('/register', info)).judgehostId;
  }

  /** POST heartbeat; rejects with HttpError 404 when the server does not know this judgehost. */
  async heartbeat(hb: Heartbeat): Promise<void> {
    await this.json('/heartbeat', hb);
  }

  /** POST lease: waits up to req.waitSeconds (plus 15 s of slack) for a task; null when none came. */
  async lease(req: LeaseRequest, signal?: AbortSignal): Promise<JudgeTask | null> {
    const r = await this.json<{ task: JudgeTask | null }>('/lease', req, {
      timeoutMs: (req.waitSeconds + 15) * 1000,
      signal,
    });
    return r.task;
  }

  /** POST release: gives leased jobs back unjudged -> how many the server queued again. */
  async release(r: JudgeRelease): Promise<number> {
    return (await this.json<{ released: number }>('/release', r)).released;
  }

  /** GET blob/:hash -> the bytes (not yet verified). */
  async blob(hash: string): Promise<Buffer> {
    const res = await this.request(`/blob/${hash}`, { timeoutMs: 300_000 });
    return Buffer.from(await res.arrayBuffer());
  }

  /** POST progress -> whether the server still sees this judgehost as the job's holder. */
  async progress(p: JudgeProgress): Promise<boolean> {
    return (await this.json<{ accepted: boolean }>('/progress', p)).accepted;
  }

  /** POST result -> accepted (false: duplicate, late or stale; the server keeps the other verdict). */
  async result(r: JudgeResult): Promise<boolean> {
    return (await this.json<{ accepted: boolean }>('/result', r)).accepted;
  }
}
