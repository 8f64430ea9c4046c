import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type Entry, FEED_TYPES } from './clics.access.js';
import { awardObjects } from './clics.board.js';
import { loadAskers, loadClarifications } from './clics.clarifications.js';
import {
  boardOf,
  groupEntry,
  judgementTypeEntry,
  loadLanguages,
  loadProblems,
  loadTeams,
} from './clics.config.js';
import { type LiveRefs, loadLive, loadRuns } from './clics.live.js';
import { peopleEntries } from './clics.people.js';
import { type ClicsView, contestObject, stateKey, stateObject } from './clics.view.js';

/**
 * The event feed's content (ccs-specs 2026-01 "Event feed"; issue 10 §5): every object of the view as one
 * notification carrying its current state, each with the instant it last changed (ms since the epoch), in a
 * deterministic order (feedOrder). A token is such an instant (feedLines); `since_token=T` sends again every
 * object changed at or after T - RESUME_MARGIN_MS (the margin covers transactions that commit after a later one
 * was read), so a client gets at least every change since its token, and some more.
 */

/** The types collectEntries always reads whole, so an object missing from them is gone (deleted). */
export const COMPLETE = new Set<string>(['teams', 'persons', 'accounts', 'clarifications', 'awards']);

/** `type/id`: one object of the feed. */
export const objectKey = (e: Pick<Entry, 'type' | 'id'>) => `${e.type}/${e.id ?? ''}`;

/** How far before a token a resumed feed starts again (a transaction commits within this). */
export const RESUME_MARGIN_MS = 30_000;

/** What most endpoints need: problems, languages, the board, the teams and the references of live objects. */
export async function loadBasics(db: Db, view: ClicsView) {
  const [problems, languages, board, askers] = await Promise.all([
    loadProblems(db, view),
    loadLanguages(db, view),
    boardOf(db, view),
    loadAskers(db, view),
  ]);
  const teams = await loadTeams(db, view, board, askers);
  const refs: LiveRefs = {
    teams: new Set(teams.map((t) => t.uid)),
    problemIds: new Map(problems.list.map((p) => [p.pid, p.data.id])),
    languageIds: languages.idOf,
    thawed: view.admin ? null : view.state.thawed,
  };
  return { problems, languages, board, teams, refs };
}

/** The token of a `since_token` query: its instant (ms); 400 naming the field when it is not one of ours. */
export function parseSinceToken(token: string | undefined, now = Date.now()): number | null {
  if (token == null || token === '') return null;
  const t = /^\d{1,16}$/.test(token) ? Number(token) : Number.NaN;
  if (!Number.isSafeInteger(t) || t > now + 60_000) {
    throw badRequest('validation.badFormat', { field: 'since_token', format: 'event feed token' });
  }
  return t;
}

const typeOrder = new Map<string, number>(FEED_TYPES.map((t, i) => [t, i]));
/** Configuration (what live objects refer to) goes before the live data of the same batch. */
const CONFIG = new Set<string>([
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'teams',
  'persons',
  'accounts',
]);
/** The state that sets `end_of_updates` must be the feed's last event (spec "Event feed"). */
const isLast = (e: Entry) =>
  e.type === 'state' && (e.data as { end_of_updates?: string | null } | null)?.end_of_updates != null;
/** Groups refer to nothing and the contest names its main scoreboard group: they go first. */
const phase = (e: Entry) =>
  e.type === 'groups' ? -1 : isLast(e) ? 3 : CONFIG.has(e.type) ? 0 : e.type === 'awards' ? 2 : 1;
const collate = new Intl.Collator('en', { numeric: true }).compare;
/** Ids in order, numbers as numbers; a clarification's question `q<n>` before its answer `a<n>` (replying to it). */
const byId = (a: string, b: string) => {
  const qa = /^([qa])(\d+)$/;
  const x = qa.exec(a);
  const y = qa.exec(b);
  if (x && y) return Number(x[2]) - Number(y[2]) || (x[1] === 'q' ? -1 : 1) - (y[1] === 'q' ? -1 : 1);
  return collate(a, b);
};

/**
 * Feed order of a batch: the groups, then configuration (a submission never comes before its team or problem),
 * then live data, then awards, and a state with `end_of_updates` after everything; within each, by change
 * instant, then type in the spec's order, then id (numbers as numbers).
 */
export function feedOrder(a: Entry, b: Entry): number {
  return (
    phase(a) - phase(b) ||
    a.key - b.key ||
    (typeOrder.get(a.type) ?? 0) - (typeOrder.get(b.type) ?? 0) ||
    byId(a.id ?? '', b.id ?? '')
  );
}

/**
 * Every entry of the view changed at or after `floor` (ms; null: everything), in feed order. Collections
 * (`id` null: judgement types, languages, problems, groups) and the contest and state singletons are always
 * included when `always` (the live stream compares them itself). `deletions`: include the deletions of judgements
 * a rejudge or cancel superseded. An edit of the contest may change any object (rename teams, move the seal,
 * change problems): a `floor` at or before the contest's last edit (or the thaw) sends everything again, each
 * object keeping its own change instant (so tokens still tell the lines apart). `present`: the
 * `type/id` of every object of the COMPLETE types, whatever its change instant (the stream finds deletions so).
 */
export async function collectEntries(
  db: Db,
  view: ClicsView,
  floor: number | null,
  opts: { deletions: boolean; always?: boolean },
): Promise<{ entries: Entry[]; present: Set<string> }> {
  const c = view.contest;
  const b = await loadBasics(db, view);
  const everything =
    floor == null || floor <= Math.max(c.gmtModified.getTime(), b.refs.thawed?.getTime() ?? 0);
  const since = everything ? null : new Date(floor);
  const [live, runs, clars] = await Promise.all([
    loadLive(db, view, b.refs, since, opts.deletions),
    loadRuns(db, view, b.refs, since),
    loadClarifications(db, view, b.refs),
  ]);
  const entries: Entry[] = [
    {
      type: 'contest',
      id: null,
      data: contestObject(c, view.state),
      key: Math.max(c.gmtModified.getTime(), view.state.thawed?.getTime() ?? 0),
    },
    judgementTypeEntry(view),
    { type: 'languages', id: null, data: b.languages.list, key: b.languages.key },
    { type: 'problems', id: null, data: b.problems.list.map((p) => p.data), key: b.problems.key },
    groupEntry(view),
    ...b.teams.map((t): Entry => ({ type: 'teams', id: t.uid, data: t.data, key: t.key })),
    ...peopleEntries(view, b.teams),
    { type: 'state', id: null, data: stateObject(view), key: stateKey(view) },
    ...live.submissions,
    ...live.judgements,
    ...runs,
    ...clars,
  ];
  const latest = Math.max(...entries.map((e) => e.key));
  for (const a of awardObjects(view, b.board, b.problems.list)) {
    entries.push({ type: 'awards', id: a.id, data: a, key: latest });
  }
  const present = new Set(entries.filter((e) => COMPLETE.has(e.type)).map(objectKey));
  const out = everything
    ? entries
    : entries.filter((e) => e.key >= (floor ?? 0) || (opts.always && (e.id == null || e.type === 'contest')));
  return { entries: out.sort(feedOrder), present };
}

/**
 * The NDJSON lines of a batch in order, each `{type, id, data, token}`. A line's token is the earliest change
 * instant of it and of every line after it in the batch (tokens never decrease), so resuming from any line's
 * token sends that line and all that followed it again.
 */
export function feedLines(batch: Entry[]): string {
  const tokens: number[] = new Array(batch.length);
  let low = Number.POSITIVE_INFINITY;
  for (let i = batch.length - 1; i >= 0; i--) {
    low = Math.min(low, batch[i].key);
    tokens[i] = low;
  }
  return batch
    .map((e, i) => `${JSON.stringify({ type: e.type, id: e.id, data: e.data, token: String(tokens[i]) })}\n`)
    .join('');
}
