import type { Db } from './db/client.js';
import type { ClarificationAnsweredEvent } from './modules/contest/clarification/clarification.events.js';
import type { ContestChangeEvent, ContestVerdictEvent } from './modules/contest/contest.events.js';
import type {
  SubmissionJudgedEvent,
  SubmissionProgressEvent,
  SubmissionQueuedEvent,
  SubmissionResetEvent,
} from './modules/judge/hooks.js';
import type { Tx } from './modules/problem/problem.store.js';
import { SubmissionScopes } from './modules/submission/submission.scope.js';

/**
 * The app's extension points (ARCHITECTURE "Extensions attach on the app context"): every event an area may hear,
 * with the arguments its listeners get. Listeners are registered by each area's own Fastify plugin on `app.ctx.events`
 * (never at import time), so two apps in one process never share them.
 *
 * - `submission/queued`: a new submission was committed and queued; run off the request in a transaction of its own
 *   (judge/hooks.ts `afterQueued`). A throwing listener is retried event by event, then reported.
 * - `submission/judged`: a verdict landed (judge, manual judge, cancel), inside the verdict's transaction; a throwing
 *   listener rolls the verdict back (the judgehost retries).
 * - `submission/reset`: a rejudge sent a submission back to Pending, inside the rejudge's transaction.
 * - `submission/progress`: a judgehost reported Compiling / Judging (k of n), after its statement committed; advisory
 *   (`settle`: failures are reported, never fail the judgehost's call).
 * - `contest/verdict`: a contest submission's verdict or rejudge reset (relayed by the contest area from the two
 *   above), inside the same transaction.
 * - `contest/changed`: a contest's settings, problems or deletion, inside the admin's transaction.
 * - `clarification/answered`: a clarification was answered, after its commit (`settle`).
 * - `session/forgotten`: this process dropped cached sessions (a logout, a role change), after the commit (`settle`).
 */
export interface EventMap {
  'submission/queued': [tx: Tx, event: SubmissionQueuedEvent];
  'submission/judged': [tx: Tx, event: SubmissionJudgedEvent];
  'submission/reset': [tx: Tx, event: SubmissionResetEvent];
  'submission/progress': [db: Db, event: SubmissionProgressEvent];
  'contest/verdict': [tx: Tx, event: ContestVerdictEvent];
  'contest/changed': [tx: Tx, event: ContestChangeEvent];
  'clarification/answered': [event: ClarificationAnsweredEvent];
  'session/forgotten': [who: { sid?: string; uid?: string }];
}

/**
 * When a listener runs within one event. Every `apply` listener (an area bringing its own rows and caches in step:
 * board cells, AC records, training cells, user records) runs before every `publish` listener (telling others: live
 * events, queue notices), which may read what the apply listeners wrote (a board event carries the board's version
 * after its cell moved). Within a phase listeners run in registration order, on which nothing may depend.
 */
export type ListenerPhase = 'apply' | 'publish';
const PHASES: readonly ListenerPhase[] = ['apply', 'publish'];

/** Who registers a listener (the area, as in `modules/index.ts`) and in which phase (default `apply`). */
export interface ListenerOptions {
  area: string;
  phase?: ListenerPhase;
}

type EventArgs<M> = { [K in keyof M]: unknown[] };
interface Entry {
  area: string;
  phase: ListenerPhase;
  fn: (...args: never[]) => unknown;
}

/**
 * A typed event hub (Hydro's `ctx.on`), one per app context. `on` registers, `emit` runs the listeners in phase
 * order and lets the first error through (inside a transaction: it rolls back), `settle` runs them all and reports
 * each error, `registered` lists who listens to what (a test compares it with the expected set).
 */
export class EventHub<M extends EventArgs<M>> {
  private readonly lists = new Map<keyof M, Entry[]>();
  private report: (err: unknown, name: keyof M, area: string) => void = () => {};

  /**
   * Registers `fn` for event `name` as `opts.area` in `opts.phase` (default `apply`). Returns the function that
   * removes it (tests, a stream that shuts down).
   */
  on<K extends keyof M>(name: K, fn: (...args: M[K]) => unknown, opts: ListenerOptions): () => void {
    const entry: Entry = { area: opts.area, phase: opts.phase ?? 'apply', fn: fn as Entry['fn'] };
    const list = [...(this.lists.get(name) ?? []), entry];
    // Stable: by phase, then by registration.
    list.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
    this.lists.set(name, list);
    return () => {
      const now = this.lists.get(name) ?? [];
      this.lists.set(
        name,
        now.filter((e) => e !== entry),
      );
    };
  }

  /** Runs every listener of `name` with `args`, one after the other in phase order; the first error is thrown. */
  async emit<K extends keyof M>(name: K, ...args: M[K]): Promise<void> {
    for (const e of this.lists.get(name) ?? []) await (e.fn as (...a: M[K]) => unknown)(...args);
  }

  /**
   * Runs every listener of `name` with `args` in phase order; a listener's error goes to the reporter
   * (`onListenerError`) and the next one still runs. Never throws.
   */
  async settle<K extends keyof M>(name: K, ...args: M[K]): Promise<void> {
    for (const e of this.lists.get(name) ?? []) {
      try {
        await (e.fn as (...a: M[K]) => unknown)(...args);
      } catch (err) {
        this.report(err, name, e.area);
      }
    }
  }

  /** Sets where `settle` reports a listener's error (buildApp: the app's logger); default: dropped. */
  onListenerError(fn: (err: unknown, name: keyof M, area: string) => void): void {
    this.report = fn;
  }

  /** True when event `name` has a listener (callers skip preparing an event nobody hears). */
  has(name: keyof M): boolean {
    return (this.lists.get(name)?.length ?? 0) > 0;
  }

  /** Who listens: per event, `<phase>:<area>` in the order they run. */
  registered(): Partial<Record<keyof M, string[]>> {
    const out: Partial<Record<keyof M, string[]>> = {};
    for (const [name, list] of this.lists)
      if (list.length) out[name] = list.map((e) => `${e.phase}:${e.area}`);
    return out;
  }

  /** How many listeners are registered over all events. */
  get size(): number {
    let n = 0;
    for (const list of this.lists.values()) n += list.length;
    return n;
  }
}

/** The app's hub. */
export type AppEvents = EventHub<EventMap>;

/**
 * Fresh, empty extension points for a new app context: the event hub and the submission scopes (admission and view
 * rules). Every context that goes to buildApp needs its own (buildApp refuses one already in use).
 */
export function newExtensionPoints(): { events: AppEvents; scopes: SubmissionScopes } {
  return { events: new EventHub<EventMap>(), scopes: new SubmissionScopes() };
}
