import { LIVE_EVENT, type LiveClarificationAskedData } from '@oj/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * Producing live events (issue 10 §4; docs/events.md). A durable event is a `live_events` row written with a
 * `NOTIFY oj_live` in the same statement: inside the caller's transaction, PostgreSQL (and PGlite) deliver the
 * notification only when it commits, and never when it rolls back, so every server instance reads the row after the
 * change is visible. A transient event (judging progress) is only a `NOTIFY oj_live_t` with the event as its
 * payload: not numbered, not replayed.
 */

/** The channel that says "new rows in live_events" (empty payload: repeated notifications of one commit fold). */
export const LIVE_CHANNEL = 'oj_live';
/** The channel of transient events; the payload is a {@link LiveMessage} as JSON (well under 8,000 bytes). */
export const LIVE_TRANSIENT_CHANNEL = 'oj_live_t';

/** Who receives an event: the row's user; whoever may see the contest; the contest's admins and the row's user. */
export type LiveAudience = 'user' | 'contest' | 'contest-admins';

/** An event before it is numbered. `data` holds ids and small values only. */
export interface LiveMessage {
  type: string;
  audience: LiveAudience;
  uid: string | null;
  cid: number;
  data: Record<string, unknown>;
}

type Handle = Db | Tx;

/** INSERT of `select` (a SELECT of type, audience, uid, cid, data) and the NOTIFY, as one statement. */
const insertAndNotify = (select: SQL) => sql`
  WITH ins AS (INSERT INTO live_events (type, audience, uid, cid, data) ${select} RETURNING id)
  SELECT pg_notify(${LIVE_CHANNEL}, '') FROM ins`;

/** Writes one durable event (in `db`'s transaction when it is one). */
export async function publish(db: Handle, m: LiveMessage): Promise<void> {
  await db.execute(
    insertAndNotify(
      sql`SELECT ${m.type}, ${m.audience}, ${m.uid}::text, ${m.cid}::bigint, ${JSON.stringify(m.data)}::jsonb`,
    ),
  );
}

/**
 * The seam for per-user events of other areas (the "Community" issue's `unread-messages`): `type` with `data` to
 * every stream of user `uid`. Call it inside the transaction that made the change (delivered at commit) or after.
 */
export function publishToUser(
  db: Handle,
  uid: string,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  return publish(db, { type, audience: 'user', uid, cid: 0, data });
}

/** The `verdict` data of submission row `s` (status, score, time, memory; judged / total null). */
const verdictData = sql`jsonb_build_object('submitId', s.id, 'cid', s.cid, 'status', s.status, 'score', s.score,
  'time', s.time, 'memory', s.memory, 'judged', NULL, 'total', NULL)`;

/**
 * `verdict` of submission `submitId` as its row stands in `tx`, to its owner. Called by the judge hooks after the row
 * was updated. `transient`: not numbered (no id moves in anyone's stream, see producers.ts: a verdict the public may
 * not see), delivered at commit all the same.
 */
export async function publishVerdict(tx: Handle, submitId: number, transient = false): Promise<void> {
  if (transient) {
    await tx.execute(sql`
      SELECT pg_notify(${LIVE_TRANSIENT_CHANNEL}, jsonb_build_object('type', ${LIVE_EVENT.verdict}::text,
        'audience', 'user', 'uid', s.uid, 'cid', s.cid, 'data', ${verdictData})::text)
      FROM submissions s WHERE s.id = ${submitId}`);
    return;
  }
  await tx.execute(
    insertAndNotify(sql`
      SELECT ${LIVE_EVENT.verdict}, 'user', s.uid, s.cid, ${verdictData}
      FROM submissions s WHERE s.id = ${submitId}`),
  );
}

/** Which `board` event to write (see publishBoard). */
export type BoardEventKind = 'public' | 'sealed' | 'admins';

/**
 * `board` of contest `cid`, never rows: the browser fetches the page through the board route, which seals it.
 * `public`: to whoever may see the board, with the board's version as `tx` sees it (0 when it has no board row);
 * `sealed`: the same audience with version 0 (while the board is sealed its version counts hidden changes too);
 * `admins`: a change only the contest's admins may know of (a verdict the public may not see), transient (not
 * numbered, so no one else's stream id moves), with the version.
 */
export async function publishBoard(tx: Handle, cid: number, kind: BoardEventKind = 'public'): Promise<void> {
  const version =
    kind === 'sealed' ? sql`0` : sql`coalesce((SELECT version FROM contest_boards WHERE cid = ${cid}), 0)`;
  const data = sql`jsonb_build_object('cid', ${cid}::bigint, 'version', ${version})`;
  if (kind === 'admins') {
    await tx.execute(sql`
      SELECT pg_notify(${LIVE_TRANSIENT_CHANNEL}, jsonb_build_object('type', ${LIVE_EVENT.board}::text,
        'audience', 'contest-admins', 'uid', NULL, 'cid', ${cid}::bigint, 'data', ${data})::text)`);
    return;
  }
  await tx.execute(
    insertAndNotify(sql`SELECT ${LIVE_EVENT.board}, 'contest', NULL::text, ${cid}::bigint, ${data}`),
  );
}

/** A transient event (not numbered, not replayed): a NOTIFY whose payload is the message. */
export async function publishTransient(db: Handle, m: LiveMessage): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${LIVE_TRANSIENT_CHANNEL}, ${JSON.stringify(m)})`);
}

/** `contest-announcement` {cid, id} to whoever passes contest `cid`'s access rule (after the announcement is stored). */
export function publishContestAnnouncement(db: Handle, cid: number, id: number): Promise<void> {
  return publish(db, {
    type: LIVE_EVENT.contestAnnouncement,
    audience: 'contest',
    uid: null,
    cid,
    data: { cid, id },
  });
}

/**
 * `clarification-asked` {cid, clarificationId} to contest `cid`'s admins only (audience `contest-admins` with no
 * user: not the asker, never another participant). Called inside the transaction that stored the question, so the
 * event is delivered at its commit and never for a question that was refused.
 */
export function publishClarificationAsked(db: Handle, cid: number, clarificationId: number): Promise<void> {
  const data: LiveClarificationAskedData = { cid, clarificationId };
  return publish(db, {
    type: LIVE_EVENT.clarificationAsked,
    audience: 'contest-admins',
    uid: null,
    cid,
    data: { ...data },
  });
}
