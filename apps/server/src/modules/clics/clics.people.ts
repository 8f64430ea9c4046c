import type { Entry } from './clics.access.js';
import type { ClicsTeam } from './clics.config.js';
import type { ClicsView } from './clics.view.js';

/**
 * CLICS persons and accounts (ccs-specs 2026-01 "Persons", "Accounts"; issue 23 §3 item 6), one of each per team:
 * our teams are single users, so a team's person is that user (same id, the team's shown name, role contestant)
 * and its account that user's login (contest admins only: usernames and account types are not public). No
 * organisations: our users carry no organisation of their own (the free-text school is not one).
 */

/** The CLICS person of a team. */
export function personObject(t: ClicsTeam) {
  return { id: t.data.id, name: t.data.display_name, team_ids: [t.data.id], role: 'contestant' };
}

/** The CLICS account of a team (contest admins only). */
export function accountObject(t: ClicsTeam) {
  return {
    id: t.data.id,
    username: t.data.name,
    name: t.data.display_name,
    type: 'team',
    team_id: t.data.id,
    person_id: t.data.id,
  };
}

/** The persons and (for contest admins) accounts of the view's teams as feed entries, keyed as their team. */
export function peopleEntries(view: ClicsView, teams: ClicsTeam[]): Entry[] {
  const out: Entry[] = teams.map((t) => ({ type: 'persons', id: t.uid, data: personObject(t), key: t.key }));
  if (view.admin) {
    for (const t of teams) out.push({ type: 'accounts', id: t.uid, data: accountObject(t), key: t.key });
  }
  return out;
}
