import type { ClicsView } from './clics.view.js';

/**
 * GET contests/{id}/access (ccs-specs 2026-01 "Access"): the endpoints and properties this caller sees. Every
 * object this API returns carries exactly the properties listed here for its viewer (null ones included), and
 * nothing else; the tests hold the API to that. No capabilities: the API is read-only.
 */

/** The event and endpoint types this API offers, in event-feed order. */
export const FEED_TYPES = [
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'teams',
  'persons',
  'accounts',
  'state',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;
export type FeedType = (typeof FEED_TYPES)[number];

/** Properties per endpoint for everyone; `ADMIN_ONLY` adds to them for contest admins. */
const PUBLIC: Record<string, string[]> = {
  contest: [
    'id',
    'name',
    'formal_name',
    'start_time',
    'duration',
    'scoreboard_freeze_duration',
    'scoreboard_thaw_time',
    'scoreboard_type',
    'main_scoreboard_group_id',
    'penalty_time',
  ],
  'judgement-types': ['id', 'name', 'penalty', 'solved'],
  languages: ['id', 'name', 'entry_point_required', 'extensions'],
  problems: [
    'id',
    'label',
    'name',
    'ordinal',
    'rgb',
    'color',
    'time_limit',
    'memory_limit',
    'test_data_count',
  ],
  groups: ['id', 'name'],
  teams: ['id', 'name', 'label', 'display_name', 'group_ids'],
  persons: ['id', 'name', 'team_ids', 'role'],
  state: ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'],
  submissions: ['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time', 'entry_point', 'files'],
  judgements: [
    'id',
    'submission_id',
    'judgement_type_id',
    'current',
    'start_time',
    'start_contest_time',
    'end_time',
    'end_contest_time',
    'max_run_time',
  ],
  clarifications: [
    'id',
    'from_team_id',
    'to_team_ids',
    'reply_to_id',
    'problem_id',
    'text',
    'time',
    'contest_time',
  ],
  awards: ['id', 'citation', 'team_ids'],
  scoreboard: ['time', 'contest_time', 'state', 'rows'],
  'event-feed': ['type', 'id', 'data', 'token'],
};

const ADMIN_ONLY: Record<string, string[]> = {
  accounts: ['id', 'username', 'name', 'type', 'team_id', 'person_id'],
  runs: ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'],
};

/** The endpoints that show submissions and their results: only for a view that may list the submissions. */
const SUBMISSION_TYPES = new Set(['submissions', 'judgements', 'runs']);

/** What the offered endpoints depend on: contest admin, and whether the caller may list the submissions. */
type AccessView = Pick<ClicsView, 'admin' | 'seesSubmissions'>;

/**
 * The properties of endpoint `type` for this view (empty: the endpoint is not offered to it). Submissions,
 * judgements and runs only when the view may list the contest's submissions (clics.view `seesSubmissions`).
 */
export function propertiesOf(view: AccessView, type: string): string[] {
  if (SUBMISSION_TYPES.has(type) && !view.seesSubmissions) return [];
  return [...(PUBLIC[type] ?? []), ...(view.admin ? (ADMIN_ONLY[type] ?? []) : [])];
}

/** True when the view is offered endpoint `type`. */
export function offers(view: AccessView, type: string): boolean {
  return propertiesOf(view, type).length > 0;
}

/** The access object of a view. */
export function accessObject(view: AccessView) {
  const types = [...new Set([...Object.keys(PUBLIC), ...Object.keys(ADMIN_ONLY)])];
  return {
    capabilities: [] as string[],
    endpoints: types
      .filter((type) => offers(view, type))
      .map((type) => ({ type, properties: propertiesOf(view, type) })),
  };
}

/** One object (or collection, `id` null) as the event feed carries it, with when it last changed (ms). */
export interface Entry {
  type: FeedType;
  id: string | null;
  /** The object, the collection (array), or null for a deletion. */
  data: unknown;
  /** When the object last changed (ms since the epoch): the event's order and token. */
  key: number;
}
