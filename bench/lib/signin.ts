/** One contestant's sign-in as a bench sees it. */
export interface SignIn {
  /** The first answer's time (ms), whatever it was. */
  firstMs: number;
  /** From the first try to the 200 (or the last refusal), Retry-After waits included (ms). */
  totalMs: number;
  /** Tries made (1 when the first answer was 200). */
  tries: number;
  ok: boolean;
  /** The session token (the `authorization` header of the 200), '' when not signed in. */
  token: string;
  /** The login answer's `data` (the user info the web app stores), null when not signed in. */
  user: unknown;
}

/**
 * Signs `username` in at `base` (POST /api/login, doc 1 §7) until it is answered 200, waiting Retry-After after
 * each 429 (a saturated sign-in queue or the per-address limit), at most 30 tries. `headers` go with each try
 * (e.g. the contestant's own `x-forwarded-for`). Any other status ends the tries (ok false).
 */
export async function signInUntilOk(
  base: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<SignIn> {
  let firstMs = -1;
  const t0 = performance.now();
  const done = (tries: number, ok: boolean, token = '', user: unknown = null): SignIn => ({
    firstMs,
    totalMs: performance.now() - t0,
    tries,
    ok,
    token,
    user,
  });
  for (let tries = 1; tries <= 30; tries++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
    if (firstMs < 0) firstMs = performance.now() - t;
    if (res.status === 200) return done(tries, true, res.headers.get('authorization') ?? '', body?.data);
    if (res.status !== 429) return done(tries, false);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
  return done(30, false);
}
