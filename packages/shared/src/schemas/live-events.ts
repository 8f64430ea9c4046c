import type { SubmissionStatusCheck } from './submission.js';

/**
 * The live-event stream `GET /api/events` (issue 10 §4; docs/events.md): server-sent events, one stream per browser
 * tab. Events carry ids and small values only; the browser fetches content through the ordinary, access-checked
 * routes. Names are the SSE `event:` field.
 */
export const LIVE_EVENT = {
  /** The stream is open (sent first, after any replay). */
  ready: 'ready',
  /** The server cannot replay what the browser missed (its Last-Event-ID is too old or unknown): refetch all. */
  reset: 'reset',
  /** One of my submissions changed status (verdict, rejudge to Pending, Compiling / Judging progress). */
  verdict: 'verdict',
  /** A contest's board changed (at most one per contest per ~500 ms); refetch the board page. */
  board: 'board',
  /** A contest announcement was posted in a contest I may see. */
  contestAnnouncement: 'contest-announcement',
  /** A clarification was answered (public ones to the contest's viewers, private ones to the asker and admins). */
  clarification: 'clarification',
  /**
   * A participant asked a clarification (to the contest's admins only, by the admin queue's rule; never to other
   * participants, nor back to the asker): refetch the queue and its unanswered badge.
   */
  clarificationAsked: 'clarification-asked',
  /** My unread message counts changed (the "Community" issue; not sent yet). */
  unreadMessages: 'unread-messages',
  /**
   * Where my queued submissions stand in the judge queue (issue 29 part 2): all of them, each time the queue moves;
   * one missing from the list is no longer queued. Not numbered, not replayed (the page asks the route once).
   */
  queue: 'queue',
} as const;

export type LiveEventType = (typeof LIVE_EVENT)[keyof typeof LIVE_EVENT];

/** `ready`: `resumed` when the stream replayed from the browser's Last-Event-ID. */
export interface LiveReadyData {
  resumed: boolean;
}

/** `reset`: why the missed events cannot be replayed. */
export interface LiveResetData {
  reason: 'expired' | 'unknown';
}

/**
 * `verdict`: the submission's status as my status check would show it (never a verdict a contest hides from me):
 * final verdicts and rejudge resets carry an id (resumable); Compiling / Judging progress (`judged` of `total`
 * cases) carries none and is not replayed.
 */
export interface LiveVerdictData extends SubmissionStatusCheck {
  cid: number;
}

/** `board`: contest `cid`'s board moved to `version` (0 when unknown); the page is fetched through the board route. */
export interface LiveBoardData {
  cid: number;
  version: number;
}

/** `contest-announcement`: announcement `id` was posted in contest `cid`. */
export interface LiveContestAnnouncementData {
  cid: number;
  id: number;
}

/** `clarification`: clarification `clarificationId` of contest `cid` got an answer (`public`: for everyone). */
export interface LiveClarificationData {
  cid: number;
  clarificationId: number;
  public: boolean;
}

/**
 * `clarification-asked`: clarification `clarificationId` of contest `cid` was asked and waits for an answer (ids
 * only: the question is read through the admin queue route).
 */
export interface LiveClarificationAskedData {
  cid: number;
  clarificationId: number;
}

/**
 * A queued submission's place in the judge queue (issue 29 part 2; docs/judging.md "Queue position"): `position` 1
 * is the next job a worker takes (the lease's own order, priorities included); `waitSeconds` the estimated time until
 * its judging starts, from the recent judging time per language and the workers online (null: no worker online).
 */
export interface QueuePosition {
  submitId: number;
  position: number;
  waitSeconds: number | null;
}

/**
 * `queue` event data, and the answer of `POST /api/get-queue-positions`: `length` jobs are queued in all (the only
 * figure about others' work it reveals), `positions` the caller's queued submissions asked about (the event: all of
 * the user's own).
 */
export interface LiveQueueData {
  length: number;
  positions: QueuePosition[];
}

/** Timing and limits of the stream (server and browser agree on them). */
export const LIVE_LIMITS = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  keepAliveMs: 25_000,
  /** Board events of one contest are coalesced to at most one per this many ms. */
  boardCoalesceMs: 500,
  /** Open streams per signed-in user; more get 429. */
  streamsPerUser: 20,
  /** Open anonymous streams per address (a school behind one NAT shares it); more get 429. */
  streamsPerAnonymousIp: 50,
  /** A stream is closed after about this long (±20 %); the browser resumes at once with its Last-Event-ID. */
  streamLifetimeMs: 15 * 60_000,
  /** Reconnect delay after a failure: first, then doubling up to max (plus jitter). */
  reconnectFirstMs: 1000,
  reconnectMaxMs: 30_000,
  /** A tab hidden this long closes its stream (browsers allow ~6 HTTP/1.1 connections per site); visible reopens. */
  hiddenCloseMs: 60_000,
  /**
   * How often a page that follows the stream still polls what the stream announces (contest notifiers, boards): a
   * safety net only (ms).
   */
  safetyPollMs: 5 * 60_000,
  /**
   * The same safety net for a submission whose verdict is awaited (its status check, the detail page's refetch):
   * progress and the verdict arrive as events, the check runs this rarely (ms).
   */
  verdictSafetyPollMs: 30_000,
} as const;
