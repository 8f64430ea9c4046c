import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context.js';
import { contestClarifications } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers.js';
import { call } from '../problem/fixtures.js';

/** What the clarification tests share (issue 10 §3): the calls by their paths, and the throttle clock. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The catalogue key of an error answer. */
export const keyOf = (r: { body: unknown }) => (r.body as { msgKey?: string }).msgKey;

/** The clarification calls against `t`'s app, each as `token` (undefined: anonymous). */
export function clarificationCalls(t: () => TestApp) {
  const req = (method: Method, url: string, token?: string, payload?: object) =>
    call(t().app, { method, url, token, payload });
  return {
    req,
    ask: (token: string | undefined, cid: number, content: string, displayId?: string | null) =>
      req('POST', '/api/submit-contest-clarification', token, { cid, content, displayId }),
    list: (token: string | undefined, cid: number, q = '') =>
      req('GET', `/api/get-contest-clarification?cid=${cid}${q}`, token),
    unread: (token: string | undefined, cid: number) =>
      req('GET', `/api/get-contest-not-read-clarification?cid=${cid}`, token),
    markRead: (token: string | undefined, cid: number, ids?: number[]) =>
      req('PUT', '/api/read-contest-clarification', token, { cid, ids }),
    queue: (token: string | undefined, cid: number, q = '') =>
      req('GET', `/api/admin/contest/clarification?cid=${cid}${q}`, token),
    answer: (token: string | undefined, body: Record<string, unknown>) =>
      req('PUT', '/api/admin/contest/clarification', token, body),
    post: (token: string | undefined, body: Record<string, unknown>) =>
      req('POST', '/api/admin/contest/clarification', token, body),
    remove: (token: string | undefined, id: number) =>
      req('DELETE', `/api/admin/contest/clarification?id=${id}`, token),
  };
}

/** Moves every question of contest `cid` 31 s into the past, as if the 30 s throttle had passed. */
export const ageQuestions = (ctx: AppContext, cid: number) =>
  ctx.db
    .update(contestClarifications)
    .set({ gmtCreate: new Date(Date.now() - 31_000) })
    .where(eq(contestClarifications.cid, cid));

/** The ids of a page's records, in order. */
export const idsOf = (r: { body: { data: { records: { id: number }[] } } }) =>
  r.body.data.records.map((x) => x.id);
