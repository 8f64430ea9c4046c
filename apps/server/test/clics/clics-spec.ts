import { z } from 'zod';

/**
 * The CLICS objects' required properties and types, written from ccs-specs 2026-01 Contest_API.md (its property
 * tables and "JSON property types"; the json-schema/ folder of that release agrees). `?` types are nullable; a
 * property the spec marks required (or required iff a condition that holds for our pass-fail contests) is not
 * optional here. The tests parse every object the API returns with these.
 */

/** TIME: ISO 8601 with a zone. */
export const TIME = z
  .string()
  .regex(
    /^[12][0-9]{3}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-6][0-9]:[0-6][0-9](\.[0-9]{3})?([+-][0-1][0-9](:[0-5][0-9])?|Z)$/,
  );
/** RELTIME: `(-)?(h)*h:mm:ss(.uuu)?`. */
export const RELTIME = z.string().regex(/^-?([1-9][0-9]*)?[0-9]:[0-5][0-9]:[0-5][0-9](\.[0-9]{3})?$/);
/** ID: `[a-zA-Z0-9_.-]`, at most 36, not starting with `-` / `.`, not ending with `.`. */
export const ID = z.string().regex(/^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$/);
const FILE = z.object({
  href: z.string(),
  filename: z.string(),
  mime: z.string(),
  hash: z.string().nullish(),
  width: z.number().int().nullish(),
  height: z.number().int().nullish(),
});
const int = z.number().int();

export const apiInfo = z.object({
  version: z.literal('2026-01'),
  version_url: z.string(),
  provider: z.object({ name: z.string(), version: z.string().nullish() }).nullish(),
});

export const access = z.object({
  capabilities: z.array(z.string()),
  endpoints: z.array(z.object({ type: z.string(), properties: z.array(z.string()).min(1) })),
});

export const contest = z.object({
  id: ID,
  name: z.string(),
  formal_name: z.string().nullish(),
  start_time: TIME.nullish(),
  countdown_pause_time: RELTIME.nullish(),
  duration: RELTIME,
  scoreboard_freeze_duration: RELTIME.nullish(),
  scoreboard_thaw_time: TIME.nullish(),
  scoreboard_type: z.enum(['pass-fail', 'score']),
  main_scoreboard_group_id: ID.nullish(),
  penalty_time: RELTIME, // required: scoreboard_type is pass-fail
});

export const judgementType = z.object({
  id: z.string().regex(/^[A-Z]{2,3}$/),
  name: z.string(),
  penalty: z.boolean(), // required iff contest:penalty_time is present
  solved: z.boolean(),
  simplified_judgement_type_id: ID.nullish(),
});

export const language = z.object({
  id: ID,
  name: z.string(),
  entry_point_required: z.boolean(),
  entry_point_name: z.string().nullish(),
  extensions: z.array(z.string()),
});

export const problem = z.object({
  id: ID,
  uuid: z.string().nullish(),
  label: z.string(),
  name: z.string(),
  ordinal: int,
  rgb: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
    .nullish(),
  color: z.string().nullish(),
  time_limit: z.number().min(0),
  memory_limit: int,
  test_data_count: int,
});

export const group = z.object({
  id: ID,
  name: z.string(),
  icpc_id: z.string().nullish(),
  type: z.string().nullish(),
});

export const team = z.object({
  id: ID,
  icpc_id: z.string().nullish(),
  name: z.string(),
  label: z.string(),
  display_name: z.string().nullish(),
  organization_id: ID.nullish(),
  group_ids: z.array(ID), // required iff the groups endpoint is available
});

export const person = z.object({
  id: ID,
  name: z.string(),
  team_ids: z.array(ID).nullish(),
  role: z.enum(['contestant', 'coach', 'staff', 'other']),
});

export const account = z.object({
  id: ID,
  username: z.string(),
  name: z.string().nullish(),
  type: z.enum(['team', 'judge', 'admin', 'analyst', 'staff']).nullable(),
  team_id: ID.nullish(),
  person_id: ID.nullish(),
});

export const state = z.object({
  started: TIME.nullable(),
  frozen: TIME.nullable(), // required iff scoreboard_freeze_duration is present
  ended: TIME.nullable(),
  thawed: TIME.nullable(), // same
  finalized: TIME.nullish(),
  end_of_updates: TIME.nullish(),
});

export const submission = z.object({
  id: ID,
  language_id: ID,
  problem_id: ID,
  team_id: ID.nullish(),
  account_id: ID.nullish(),
  time: TIME,
  contest_time: RELTIME,
  entry_point: z.string().nullish(),
  files: z.array(FILE).max(1), // required; the public gets an empty list
});

export const judgement = z
  .object({
    id: ID,
    submission_id: ID,
    judgement_type_id: ID.nullish(),
    simplified_judgement_type_id: ID.nullish(),
    current: z.boolean().nullish(),
    start_time: TIME,
    start_contest_time: RELTIME,
    end_time: TIME.nullish(),
    end_contest_time: RELTIME.nullish(),
    max_run_time: z.number().min(0).nullish(),
  })
  .refine((j) => j.judgement_type_id == null || (j.end_time != null && j.end_contest_time != null), {
    message: 'end_time and end_contest_time are required iff judgement_type_id is present',
  });

export const run = z.object({
  id: ID,
  judgement_id: ID,
  ordinal: z.number().min(1),
  judgement_type_id: ID,
  time: TIME,
  contest_time: RELTIME,
  run_time: z.number().min(0),
});

export const clarification = z.object({
  id: ID,
  from_team_id: ID.nullish(),
  to_team_ids: z.array(ID).nullish(),
  to_group_ids: z.array(ID).nullish(),
  reply_to_id: ID.nullish(),
  problem_id: ID.nullish(),
  text: z.string(),
  time: TIME,
  contest_time: RELTIME,
});

export const award = z.object({ id: ID, citation: z.string(), team_ids: z.array(ID).nullable() });

const problemData = z
  .object({
    problem_id: ID,
    num_judged: int.min(0),
    num_pending: int.min(0),
    solved: z.boolean(), // required: pass-fail
    time: RELTIME.optional(),
  })
  .refine((p) => !p.solved || p.time != null, { message: 'time is required iff solved' });

export const scoreboard = z.object({
  time: TIME,
  contest_time: RELTIME,
  state,
  rows: z.array(
    z.object({
      rank: int.min(1),
      team_id: ID,
      score: z
        .object({ num_solved: int.min(0), total_time: RELTIME, time: RELTIME.nullish() })
        .refine((s) => (s.num_solved === 0) === (s.time == null), {
          message: 'time is null iff num_solved=0',
        }),
      problems: z.array(problemData).nullish(),
    }),
  ),
});

export const notification = z.object({
  type: z.string(),
  id: ID.nullable(),
  data: z.unknown(),
  token: z.string().nullish(),
});

/** Spec schema of each endpoint type, as the access endpoint names it. */
export const BY_TYPE: Record<string, z.ZodType> = {
  contest,
  'judgement-types': judgementType,
  languages: language,
  problems: problem,
  groups: group,
  teams: team,
  persons: person,
  accounts: account,
  state,
  submissions: submission,
  judgements: judgement,
  runs: run,
  clarifications: clarification,
  awards: award,
};
