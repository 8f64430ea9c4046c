import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import {
  basic,
  expectReferencesSentFirst,
  feed,
  fetchAll,
  finishedStory,
  get,
  type People,
} from './clics-fixtures.js';
import { lastStates, replay } from './clics-replay.js';
import { expectOfficial } from './clics-schema.js';
import { apiInfo, scoreboard as scoreboardSchema } from './clics-spec.js';

// The CLICS Contest API on a finished ACM contest (issue 10 §5): every endpoint against the spec's required
// properties and types, as a contest admin (HTTP Basic) and as the public; the event feed replayed into a
// scoreboard equals GET scoreboard; the objects of the feed equal the REST ones.

let t: TestApp;
let cid: number;
let p: People;
let names: Record<string, string>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await finishedStory(t.ctx);
  ({ cid, p, names } = s);
  admin = basic(names.cre);
});
afterAll(async () => {
  await t?.close();
});

describe('CLICS API on a finished contest', () => {
  it('answers API information at the base URL', async () => {
    for (const path of ['', '/']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/clics${path}` });
      expect(r.statusCode).toBe(200);
      expect(apiInfo.parse(r.json()).version).toBe('2026-01');
      expectOfficial('api_information', r.json());
      expect(r.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers a CORS preflight for any path (issue 23 §3 item 6: it was a 404)', async () => {
    const r = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/clics/contests/${cid}/scoreboard`,
      headers: {
        origin: 'https://resolver.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(String(r.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives a contest admin every endpoint, each object as the spec and access say', async () => {
    const all = await fetchAll(t.app, cid, admin);
    const types = all.access.endpoints.map((e: { type: string }) => e.type);
    for (const type of [
      'contest',
      'problems',
      'teams',
      'submissions',
      'judgements',
      'runs',
      'awards',
      'scoreboard',
      'event-feed',
      'clarifications',
      'persons',
      'accounts',
    ]) {
      expect(types).toContain(type);
    }
    // One person and one account per team (issue 23 §3 item 6: they were absent).
    expect(all.persons.map((x: { id: string }) => x.id).sort()).toEqual(
      all.teams.map((x: { id: string }) => x.id).sort(),
    );
    expect(all.accounts.find((a: { id: string }) => a.id === p.ann)).toMatchObject({
      username: names.ann,
      type: 'team',
      team_id: p.ann,
      person_id: p.ann,
    });
    expect(all.contest).toMatchObject({
      id: String(cid),
      duration: '5:00:00.000',
      scoreboard_freeze_duration: '1:00:00.000',
      scoreboard_type: 'pass-fail',
      penalty_time: '0:20:00.000',
    });
    expect(all.state.ended).not.toBeNull();
    expect(all.state.thawed).not.toBeNull();
    expect(all.problems.map((x: { label: string }) => x.label)).toEqual(['A', 'B', 'C']);
    expect(all.problems[0]).toMatchObject({ ordinal: 1, rgb: '#ff0000', time_limit: 1, memory_limit: 256 });
    const team = (name: string) => all.teams.find((x: { name: string }) => x.name === names[name]);
    expect(team('sam').group_ids).toEqual(['unranked']);
    expect(team('ann').group_ids).toEqual(['participants']);
    // Registered, no submission (admins only): a team of the main scoreboard (issue 23 §3 item 6: it was missing).
    expect(team('reg').group_ids).toEqual(['participants']);
    expect(team('cre')).toBeUndefined(); // the creator is not a participant
    // In-contest submissions of teams only: not the creator's, not after the end.
    expect(all.submissions).toHaveLength(11);
    expect(all.submissions.every((s: { files: unknown[] }) => s.files.length === 1)).toBe(true);
    // C++ submissions carry entry_point null (the official schema refuses one without it).
    expect(all.submissions.every((s: { entry_point: unknown }) => s.entry_point === null)).toBe(true);
    const types2 = Object.fromEntries(all['judgement-types'].map((j: { id: string }) => [j.id, j]));
    expect(types2.CE).toMatchObject({ penalty: false, solved: false });
    expect(types2.WA).toMatchObject({ penalty: true, solved: false });
    expect(types2.AC).toMatchObject({ penalty: false, solved: true });
    // The pending submission has no judgement; the others one each.
    expect(all.judgements).toHaveLength(10);
    expect(all.runs.map((r: { judgement_type_id: string }) => r.judgement_type_id).sort()).toEqual(
      ['AC', 'AC', 'AC', 'AC', 'WA'].sort(),
    );
    // Clarifications: ann's question and its public answer, bob's and its private answer, the post, cat's question.
    const clar = Object.fromEntries(all.clarifications.map((c: { id: string }) => [c.id, c]));
    expect(all.clarifications).toHaveLength(6);
    const bobAnswer = Object.values(clar).find((c) => (c as { text: string }).text === 'No.') as Record<
      string,
      unknown
    >;
    expect(bobAnswer.to_team_ids).toEqual([p.bob]);
    expect(clar[bobAnswer.reply_to_id as string]).toMatchObject({ from_team_id: p.bob });
  });

  it('scores from our board: ranks, penalty time, first to solve and awards', async () => {
    const r = await get(t.app, `contests/${cid}/scoreboard`, admin);
    expect(r.code).toBe(200);
    const sb = scoreboardSchema.parse(r.json);
    const row = (name: string) => sb.rows.find((x) => x.team_id === p[name]);
    expect(sb.rows.map((x) => x.team_id)).toEqual([p.ann, p.bob, p.dan, p.cat, p.reg]);
    // Nothing solved, no time: tied with cat (TLE, pending), as our board ties equal rows.
    expect(row('reg')).toMatchObject({ rank: 4, score: { num_solved: 0, total_time: '0:00:00.000' } });
    expect(row('ann')).toMatchObject({ rank: 1, score: { num_solved: 2, total_time: '1:30:00.000' } });
    expect(row('bob')).toMatchObject({ rank: 2, score: { num_solved: 2, total_time: '4:25:00.000' } });
    expect(row('cat')?.problems?.[2]).toMatchObject({ num_pending: 1, solved: false });
    // The CE is free (no penalty) but judged: num_judged counts it (issue 23 §3 item 6: a free verdict such as a
    // CE or a judging error was neither judged nor pending).
    expect(row('bob')?.problems?.[1]).toMatchObject({ num_judged: 2, num_pending: 0, solved: false });
    expect(row('bob')?.score).toMatchObject({ num_solved: 2, total_time: '4:25:00.000' });
    const awards = Object.fromEntries(
      (await get(t.app, `contests/${cid}/awards`)).json.map((a: { id: string; team_ids: string[] }) => [
        a.id,
        a.team_ids,
      ]),
    );
    const ids = (await get(t.app, `contests/${cid}/problems`)).json.map((x: { id: string }) => x.id);
    expect(awards[`first-to-solve-${ids[0]}`]).toEqual([p.bob]);
    expect(awards[`first-to-solve-${ids[1]}`]).toEqual([p.dan]);
    expect(awards[`first-to-solve-${ids[2]}`]).toEqual([p.sam]);
    expect(awards.winner).toEqual([p.ann]);
    expect(awards['gold-medal']).toEqual([p.ann]);
    expect(awards['silver-medal']).toEqual([p.bob]);
    const other = await get(t.app, `contests/${cid}/scoreboard?group_id=unranked`, admin);
    expect(other.json.rows.map((x: { team_id: string }) => x.team_id)).toEqual([p.sam]);
    expect((await get(t.app, `contests/${cid}/scoreboard?group_id=nope`, admin)).code).toBe(400);
  });

  it('replays the event feed into the scoreboard GET scoreboard answers (admin and public)', async () => {
    for (const auth of [admin, undefined]) {
      const events = await feed(t.app, cid, auth);
      const tokens = events.map((e) => Number(e.token));
      expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
      // The contest was created (edited) after its submissions: still one token per change, not one for all.
      expect(new Set(tokens).size).toBeGreaterThan(5);
      expectReferencesSentFirst(events);
      const sb = (await get(t.app, `contests/${cid}/scoreboard`, auth)).json;
      expect(replay(events)).toEqual(sb.rows);
      // The feed's last state of every object is what the endpoints answer.
      const last = lastStates(events);
      const all = await fetchAll(t.app, cid, auth);
      for (const type of ['teams', 'submissions', 'judgements', 'runs', 'awards', 'clarifications']) {
        const m = last[type] as Map<string, unknown> | undefined;
        expect([...(m?.values() ?? [])], type).toEqual(expect.arrayContaining(all[type] ?? []));
        expect(m?.size ?? 0, type).toBe((all[type] ?? []).length);
      }
      for (const type of ['problems', 'languages', 'judgement-types', 'groups', 'state']) {
        expect(last[type], type).toEqual(all[type]);
      }
      expect(last.contest).toEqual(all.contest);
    }
  });

  it('gives the public what the outside board shows: no runs, no files, public clarifications only', async () => {
    const all = await fetchAll(t.app, cid);
    expect(all.access.endpoints.map((e: { type: string }) => e.type)).not.toContain('runs');
    expect(all.access.endpoints.map((e: { type: string }) => e.type)).not.toContain('accounts');
    expect(all.persons.length).toBe(all.teams.length);
    expect((await get(t.app, `contests/${cid}/accounts`)).code).toBe(404);
    expect(all.submissions[0].files).toEqual([]); // required by the spec; no archive for the public
    expect(all.teams.map((x: { name: string }) => x.name)).not.toContain(names.reg);
    expect(all.clarifications).toHaveLength(2);
    expect(
      all.clarifications.every(
        (c: { from_team_id: null; to_team_ids: null }) => c.from_team_id === null && c.to_team_ids === null,
      ),
    ).toBe(true);
    expect((await get(t.app, `contests/${cid}/runs`)).code).toBe(404);
    const sid = all.submissions[0].id;
    expect((await get(t.app, `contests/${cid}/submissions/${sid}/files`)).code).toBe(404);
    const zip = await get(t.app, `contests/${cid}/submissions/${sid}/files`, admin);
    expect(zip.code).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('filters collections on ID properties and answers 404 for unknown objects', async () => {
    const ann = await get(t.app, `contests/${cid}/submissions?team_id=${p.ann}`, admin);
    expect(ann.json).toHaveLength(3);
    const none = await get(t.app, `contests/${cid}/clarifications?reply_to_id=`, admin);
    expect(none.json.every((c: { reply_to_id: null }) => c.reply_to_id === null)).toBe(true);
    expect((await get(t.app, `contests/${cid}/teams/nobody`, admin)).code).toBe(404);
    for (const auth of [admin, undefined])
      expectOfficial('contests', (await get(t.app, 'contests', auth)).json);
    const gone = await get(t.app, 'contests/999999', admin);
    expect(gone.code).toBe(404);
    expect(gone.json).toMatchObject({ code: 404, message: expect.any(String) });
    // Unknown paths under the API too (issue 23 §3 item 6: they had the site's body).
    for (const path of ['contests/999999/nothing', `contests/${cid}/organizations`, 'nothing-here']) {
      const r = await get(t.app, path, admin);
      expect(r.code, path).toBe(404);
      expect(r.json, path).toMatchObject({ code: 404, message: expect.any(String) });
    }
    expect((await get(t.app, 'contests/abc')).code).toBe(400);
  });

  it('lets the seeded super admin see it too (Basic with the root account)', async () => {
    const r = await get(t.app, `contests/${cid}/access`, basic('root', ROOT_PASSWORD));
    expect(r.json.endpoints.map((e: { type: string }) => e.type)).toContain('runs');
  });
});
