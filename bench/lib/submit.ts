/** What one submit of a burst got. */
export interface Submitted {
  /** Time to the answer (ms). */
  ms: number;
  /** HTTP status of the answer. */
  status: number;
  /** The new submission's id (data.submitId), 0 when refused. */
  submitId: number;
}

/**
 * Sends one POST /api/submit-problem-judge (doc 2 §7) per entry of `by` at once (each with its session token and
 * its own headers, e.g. `x-forwarded-for`), the same `body` for all ({pid, cid, language, code}). Returns each
 * answer in the order of `by`.
 */
export async function submitAll(
  base: string,
  by: readonly { token: string; headers?: Record<string, string> }[],
  body: { pid: number | string; cid: number; language: string; code: string },
): Promise<Submitted[]> {
  return Promise.all(
    by.map(async ({ token, headers }) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/submit-problem-judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => null)) as { data?: { submitId?: number } } | null;
      return { ms: performance.now() - t0, status: res.status, submitId: Number(json?.data?.submitId ?? 0) };
    }),
  );
}
