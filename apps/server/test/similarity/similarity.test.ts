import { Role, JudgeStatus as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema/index.js';
import { addProblems, makeContest } from '../contest/board-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';

// Code similarity check (issue 29 part 1, docs/similarity.md) through the real app and the real Dolos child
// process: a contest where two contestants hand in the same program (names and spacing changed) and the others
// write their own.

let t: TestApp;
const u = {} as Record<
  'cre' | 'root' | 'other' | 'ann' | 'bob' | 'cat' | 'dan' | 'eve',
  { uid: string; token: string }
>;
let cid: number;
let p: Record<string, number>;
const ids = {} as Record<string, number>;

const ORIGINAL = `#include <bits/stdc++.h>
using namespace std;
int main() {
  int n; cin >> n;
  vector<long long> a(n);
  for (int i = 0; i < n; i++) cin >> a[i];
  sort(a.begin(), a.end());
  long long best = 0, cur = 0;
  for (int i = 0; i < n; i++) {
    cur = max(a[i], cur + a[i]);
    best = max(best, cur);
  }
  map<long long, int> seen;
  for (auto x : a) seen[x]++;
  cout << best << " " << seen.size() << endl;
  return 0;
}
`;
// The same program, variables renamed and spacing changed: what a copier does.
const COPY = ORIGINAL.replaceAll('best', 'ans')
  .replaceAll('cur', 'run')
  .replaceAll('seen', 'cnt')
  .replaceAll('  ', '    ');
const OWN_1 = `#include <cstdio>
int main(){
    int n; scanf("%d",&n);
    long long s=0,mx=-1e18;
    while(n--){ long long x; scanf("%lld",&x); s+=x; if(s>mx) mx=s; if(s<0) s=0; }
    printf("%lld\\n", mx);
}
`;
const OWN_2 = `#include <iostream>
#include <string>
using namespace std;
string reverseWords(const string& t) {
  string out, word;
  for (char c : t) { if (c == ' ') { out = word + " " + out; word.clear(); } else word += c; }
  return word + " " + out;
}
int main() { string line; getline(cin, line); cout << reverseWords(line) << '\\n'; }
`;
const OWN_3 = `import sys
print(sum(map(int, sys.stdin.read().split())))
`;

async function submit(
  who: keyof typeof u,
  pid: number,
  code: string,
  language = 'C++',
  status: number = S.ACCEPTED,
) {
  const [row] = await t.ctx.db
    .insert(submissions)
    .values({
      pid,
      displayPid: 'A',
      uid: u[who].uid,
      username: `sim_${who}`,
      cid,
      code,
      language,
      length: code.length,
      status,
    })
    .returning({ id: submissions.id });
  return row!.id;
}

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  call(t.app, { method, url: `/api/similarity/${url}`, token, payload: payload as object });

/** Polls the check's status until it is no longer queued or running (no fixed sleep: each poll is a request). */
async function waitDone(token: string, q: string) {
  for (;;) {
    const r = await api('GET', `status?${q}`, token);
    expect(r.code).toBe(200);
    if (r.body.data.state !== 'queued' && r.body.data.state !== 'running') return r.body.data;
    await new Promise((res) => setImmediate(res));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  u.cre = await makeUser(t.ctx, 'sim_cre', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'sim_root', Role.ROOT);
  u.other = await makeUser(t.ctx, 'sim_other', Role.ADMIN);
  for (const k of ['ann', 'bob', 'cat', 'dan', 'eve'] as const)
    u[k] = await makeUser(t.ctx, `sim_${k}`, Role.USER);
  const c = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
  cid = c.cid;
  p = await addProblems(t.ctx, cid, ['A', 'B']);
  ids.ann = await submit('ann', p.A!, ORIGINAL);
  ids.bob = await submit('bob', p.A!, COPY);
  ids.cat = await submit('cat', p.A!, OWN_1);
  ids.dan = await submit('dan', p.A!, OWN_2);
  // Not accepted: only in an `all` check.
  ids.eveWa = await submit('eve', p.A!, ORIGINAL, 'C++', S.WRONG_ANSWER);
  ids.evePy = await submit('eve', p.B!, OWN_3, 'Python3');
  ids.annPy = await submit('ann', p.B!, OWN_3.replace('sys.stdin', 'sys . stdin'), 'Python3');
});
afterAll(async () => {
  await t?.close();
});

describe('similarity check of a contest', () => {
  it('refuses anonymous (401), contestants and another contest admin (403); 404 for an unknown contest', async () => {
    const q = `scope=contest&id=${cid}`;
    expect((await api('GET', `status?${q}`)).code).toBe(401);
    for (const who of [u.ann, u.other]) {
      expect((await api('GET', `status?${q}`, who.token)).code).toBe(403);
      expect((await api('POST', 'check', who.token, { scope: 'contest', id: cid })).code).toBe(403);
      expect((await api('GET', `pairs?${q}`, who.token)).code).toBe(403);
      expect((await api('GET', `export?${q}`, who.token)).code).toBe(403);
    }
    expect((await api('GET', `status?scope=contest&id=999999`, u.root.token)).code).toBe(404);
  });

  it('answers 400 naming the field for a bad scope, id or threshold', async () => {
    const bad = await api('GET', `status?scope=moon&id=${cid}`, u.cre.token);
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/scope/);
    expect((await api('GET', 'status?scope=contest&id=x', u.cre.token)).body.msg).toMatch(/id/);
    const th = await api('GET', `pairs?scope=contest&id=${cid}&threshold=2`, u.cre.token);
    expect(th.code).toBe(400);
    expect(th.body.msg).toMatch(/threshold/);
  });

  it('runs in the background and ranks the copied pair first, per problem and language', async () => {
    const q = `scope=contest&id=${cid}`;
    expect((await api('GET', `status?${q}`, u.cre.token)).body.data.state).toBe('none');
    const start = await api('POST', 'check', u.cre.token, { scope: 'contest', id: cid, pick: 'accepted' });
    expect(start.code).toBe(200);
    expect(['queued', 'running']).toContain(start.body.data.state);
    const job = await waitDone(u.cre.token, q);
    expect(job.state).toBe('done');
    expect(job.files).toBe(6); // last accepted per user and problem: eve's wrong answer left out
    expect(job.done).toBe(job.total);

    const list = await api('GET', `pairs?${q}`, u.cre.token);
    expect(list.code).toBe(200);
    const pairs = list.body.data.pairs;
    const first = pairs[0];
    expect(new Set([first.left.submitId, first.right.submitId])).toEqual(new Set([ids.ann, ids.bob]));
    expect(first.displayId).toBe('A');
    expect(first.similarity).toBeGreaterThan(0.8);
    for (const other of pairs.filter((x: { displayId: string }) => x.displayId === 'A').slice(1))
      expect(other.similarity).toBeLessThan(first.similarity);
    expect(list.body.data.families).toEqual(['cpp', 'python']);

    // Filters: the language family and a threshold above every independent pair.
    const py = await api('GET', `pairs?${q}&language=python`, u.cre.token);
    expect(py.body.data.pairs.every((x: { family: string }) => x.family === 'python')).toBe(true);
    expect(py.body.data.pairs).toHaveLength(1);
    const high = await api('GET', `pairs?${q}&language=cpp&threshold=0.8`, u.cre.token);
    expect(high.body.data.pairs).toHaveLength(1);
  });

  it('shows one pair with both programs and the matched fragments, 404 for a pair not in the check', async () => {
    const q = `scope=contest&id=${cid}`;
    const r = await api('GET', `pair?${q}&a=${ids.bob}&b=${ids.ann}`, u.cre.token);
    expect(r.code).toBe(200);
    const d = r.body.data;
    expect([d.leftCode, d.rightCode].sort()).toEqual([ORIGINAL, COPY].sort());
    expect(d.fragments.length).toBeGreaterThan(0);
    const f = d.fragments[0];
    expect(f.left.endRow).toBeGreaterThanOrEqual(f.left.startRow);
    expect((await api('GET', `pair?${q}&a=${ids.ann}&b=${ids.eveWa}`, u.cre.token)).code).toBe(404);
  });

  it('exports the filtered pairs as CSV, most similar first', async () => {
    const r = await api('GET', `export?scope=contest&id=${cid}&language=cpp`, u.cre.token);
    expect(r.code).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/text\/csv/);
    const lines = r.raw.toString().trim().split('\r\n');
    expect(lines[0]).toMatch(/^problem,language,similarity/);
    expect(lines[1]).toContain('sim_ann');
    expect(lines[1]).toContain('sim_bob');
    // The same pairs as the list with the same filter (pairs sharing no fingerprint are not pairs).
    const list = await api('GET', `pairs?scope=contest&id=${cid}&language=cpp`, u.cre.token);
    expect(lines.length - 1).toBe(list.body.data.matching);
    expect(lines.length - 1).toBeGreaterThan(1);
  });

  it('an `all` check takes every submission (the wrong answer too); a super admin may run it', async () => {
    const q = `scope=contest&id=${cid}`;
    await api('POST', 'check', u.root.token, { scope: 'contest', id: cid, pick: 'all' });
    const job = await waitDone(u.root.token, q);
    expect(job.state).toBe('done');
    expect(job.pick).toBe('all');
    expect(job.files).toBe(7);
    const list = await api('GET', `pairs?${q}&threshold=0.95`, u.root.token);
    const ids2 = list.body.data.pairs.flatMap(
      (x: { left: { submitId: number }; right: { submitId: number } }) => [x.left.submitId, x.right.submitId],
    );
    expect(ids2).toContain(ids.eveWa);
  });
});

describe('similarity check of a problem', () => {
  it('is for the problem data readers: a problem admin yes, a plain admin and a user no', async () => {
    const pa = await makeUser(t.ctx, 'sim_pa', Role.PROBLEM_ADMIN);
    const q = `scope=problem&id=${p.A}`;
    expect((await api('GET', `status?${q}`, pa.token)).code).toBe(200);
    expect((await api('GET', `status?${q}`, u.other.token)).code).toBe(403);
    expect((await api('GET', `status?${q}`, u.ann.token)).code).toBe(403);
  });
});
