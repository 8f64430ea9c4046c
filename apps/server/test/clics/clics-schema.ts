import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';

/**
 * The official CLICS JSON schemas (icpc/ccs-specs 2026-01 `json-schema/`, copied into ./data/json-schema, see its README)
 * compiled with ajv. `expectOfficial(name, value)` fails the test with ajv's errors when `value` does not match
 * schema `<name>.json` (e.g. `submission`, `submissions`, `event-feed`, `scoreboard`).
 */

const dir = join(dirname(fileURLToPath(import.meta.url)), 'data', 'json-schema');
// strict off: the published schemas carry keywords ajv's strict mode refuses (e.g. a bare `time` in scoreboard).
const ajv = new Ajv2020({ strict: false, allErrors: true });
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  ajv.addSchema(JSON.parse(readFileSync(join(dir, f), 'utf8')), f);
}

/** The schema file (without `.json`) of each endpoint type as `access` names it; singletons and collections. */
export const SCHEMA_OF: Record<string, string> = {
  contest: 'contest',
  contests: 'contests',
  state: 'state',
  access: 'access',
  scoreboard: 'scoreboard',
  'judgement-types': 'judgement-types',
  languages: 'languages',
  problems: 'problems',
  groups: 'groups',
  organizations: 'organizations',
  persons: 'persons',
  accounts: 'accounts',
  teams: 'teams',
  submissions: 'submissions',
  judgements: 'judgements',
  runs: 'runs',
  clarifications: 'clarifications',
  awards: 'awards',
};

/** The item schema of a collection type (`submissions` -> `submission`). */
export const ITEM_SCHEMA_OF: Record<string, string> = {
  'judgement-types': 'judgement-type',
  languages: 'language',
  problems: 'problem',
  groups: 'group',
  organizations: 'organization',
  persons: 'person',
  accounts: 'account',
  teams: 'team',
  submissions: 'submission',
  judgements: 'judgement',
  runs: 'run',
  clarifications: 'clarification',
  awards: 'award',
  contests: 'contest',
};

/** The ajv errors of `value` against official schema `name` (empty when it is valid). */
export function officialErrors(name: string, value: unknown): string {
  const validate = ajv.getSchema(`${name}.json`);
  if (!validate) throw new Error(`no official schema ${name}.json`);
  if (validate(value)) return '';
  return ajv.errorsText(validate.errors, { separator: '; ' });
}

/** Asserts `value` matches official schema `name`. */
export function expectOfficial(name: string, value: unknown, what = name): void {
  expect(officialErrors(name, value), `${what} ${JSON.stringify(value).slice(0, 600)}`).toBe('');
}
