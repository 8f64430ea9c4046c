/**
 * Plausible C++ contest programs for the similarity bench (issue 29 part 1): per problem a few ways to solve it,
 * each written with the writer's own names, I/O style, loop style, helpers and comments, so that independent
 * programs share the usual boilerplate and little else; a copier takes someone's program and renames, respaces
 * and reorders a little. Deterministic from the seed.
 */

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const NAMES = {
  n: ['n', 'N', 'cnt', 'len', 'sz', 'total', 'm'],
  a: ['a', 'arr', 'v', 'nums', 'val', 'data', 'x'],
  i: ['i', 'j', 'k', 'idx', 'p'],
  res: ['ans', 'res', 'result', 'best', 'answer', 'out', 'sum'],
  tmp: ['cur', 'tmp', 't', 'now', 'acc', 'run'],
  fn: ['solve', 'work', 'calc', 'go', 'run_case', 'process'],
};

/** The bodies of the ways to solve; `$x` placeholders are the writer's names. */
const WAYS: string[][] = [
  // prefix sums / max subarray
  [
    `long long $res = LLONG_MIN, $tmp = 0;
    for (int $i = 0; $i < $n; $i++) { $tmp = max($a[$i], $tmp + $a[$i]); $res = max($res, $tmp); }`,
    `vector<long long> pre($n + 1, 0);
    for (int $i = 0; $i < $n; $i++) pre[$i + 1] = pre[$i] + $a[$i];
    long long $res = LLONG_MIN, $tmp = 0;
    for (int $i = 1; $i <= $n; $i++) { $res = max($res, pre[$i] - $tmp); $tmp = min($tmp, pre[$i]); }`,
  ],
  // sorting and counting
  [
    `sort($a.begin(), $a.end());
    long long $res = 0;
    for (int $i = 1; $i < $n; $i++) if ($a[$i] != $a[$i - 1]) $res++;
    $res += ($n > 0);`,
    `set<long long> $tmp($a.begin(), $a.end());
    long long $res = (long long)$tmp.size();`,
    `map<long long, int> $tmp;
    for (auto &e : $a) $tmp[e]++;
    long long $res = 0;
    for (auto &kv : $tmp) $res += 1;`,
  ],
  // two pointers
  [
    `sort($a.begin(), $a.end());
    long long $res = 0; int $i = 0, r = $n - 1;
    while ($i < r) { if ($a[$i] + $a[r] <= K) { $res += r - $i; $i++; } else r--; }`,
    `sort($a.begin(), $a.end());
    long long $res = 0;
    for (int $i = 0; $i < $n; $i++) { int pos = upper_bound($a.begin(), $a.end(), K - $a[$i]) - $a.begin(); if (pos > $i + 1) $res += pos - $i - 1; }`,
  ],
  // dp knapsack-ish
  [
    `vector<long long> dp(K + 1, 0);
    for (int $i = 0; $i < $n; $i++) for (int w = K; w >= $a[$i] && $a[$i] >= 0; w--) dp[w] = max(dp[w], dp[w - $a[$i]] + $a[$i]);
    long long $res = dp[K];`,
    `vector<vector<long long>> dp($n + 1, vector<long long>(K + 1, 0));
    for (int $i = 1; $i <= $n; $i++) for (int w = 0; w <= K; w++) { dp[$i][w] = dp[$i - 1][w]; if ($a[$i - 1] >= 0 && w >= $a[$i - 1]) dp[$i][w] = max(dp[$i][w], dp[$i - 1][w - $a[$i - 1]] + $a[$i - 1]); }
    long long $res = dp[$n][K];`,
  ],
  // gcd / math
  [
    `long long $res = 0;
    for (int $i = 0; $i < $n; $i++) $res = __gcd($res, llabs($a[$i]));`,
    `long long $res = 0;
    for (int $i = 0; $i < $n; $i++) { long long $tmp = llabs($a[$i]); while ($tmp) { long long r = $res % $tmp; $res = $tmp; $tmp = r; } }`,
  ],
  // binary search on answer
  [
    `long long lo = 0, hi = 2e9, $res = 0;
    while (lo <= hi) { long long mid = (lo + hi) / 2; long long $tmp = 0; for (int $i = 0; $i < $n; $i++) $tmp += $a[$i] / max(1LL, mid); if ($tmp >= K) { $res = mid; lo = mid + 1; } else hi = mid - 1; }`,
    `long long $res = 0;
    for (long long step = 1LL << 31; step; step >>= 1) { long long c = $res + step, $tmp = 0; for (int $i = 0; $i < $n; $i++) $tmp += $a[$i] / c; if ($tmp >= K) $res = c; }`,
  ],
  // stack
  [
    `stack<int> st; long long $res = 0;
    for (int $i = 0; $i < $n; $i++) { while (!st.empty() && $a[st.top()] <= $a[$i]) st.pop(); $res += st.size(); st.push($i); }`,
    `vector<int> st; long long $res = 0;
    for (int $i = 0; $i < $n; $i++) { while (st.size() && $a[st.back()] <= $a[$i]) st.pop_back(); $res += (long long)st.size(); st.push_back($i); }`,
  ],
  // graph bfs on a line
  [
    `vector<int> dist($n, -1); queue<int> q; if ($n) { q.push(0); dist[0] = 0; }
    while (!q.empty()) { int u = q.front(); q.pop(); for (int d : {1, 2}) { int w = u + d; if (w < $n && dist[w] < 0 && $a[w] % 2 == 0) { dist[w] = dist[u] + 1; q.push(w); } } }
    long long $res = $n ? dist[$n - 1] : -1;`,
    `vector<long long> f($n, LLONG_MAX / 4); if ($n) f[0] = 0;
    for (int $i = 0; $i < $n; $i++) for (int d = 1; d <= 2; d++) if ($i + d < $n && $a[$i + d] % 2 == 0) f[$i + d] = min(f[$i + d], f[$i] + 1);
    long long $res = ($n && f[$n - 1] < LLONG_MAX / 4) ? f[$n - 1] : -1;`,
  ],
  // strings
  [
    `string s; cin >> s; long long $res = 0;
    for (int $i = 0; $i + 1 < (int)s.size(); $i++) if (s[$i] == s[$i + 1]) $res++;
    $res += $n * 0;`,
    `string s; cin >> s; long long $res = 0; int $tmp = 1;
    for (int $i = 1; $i <= (int)s.size(); $i++) { if ($i < (int)s.size() && s[$i] == s[$i - 1]) $tmp++; else { $res += $tmp - 1; $tmp = 1; } }`,
  ],
  // greedy intervals
  [
    `vector<pair<long long, long long>> seg;
    for (int $i = 0; $i + 1 < $n; $i += 2) seg.push_back({$a[$i + 1], $a[$i]});
    sort(seg.begin(), seg.end()); long long $res = 0, end = LLONG_MIN;
    for (auto &s : seg) if (s.second >= end) { $res++; end = s.first; }`,
    `vector<array<long long, 2>> seg;
    for (int $i = 0; $i + 1 < $n; $i += 2) seg.push_back({$a[$i], $a[$i + 1]});
    sort(seg.begin(), seg.end(), [](auto &x, auto &y) { return x[1] < y[1]; });
    long long $res = 0, last = LLONG_MIN;
    for (auto &s : seg) if (s[0] >= last) { ++$res; last = s[1]; }`,
  ],
];

const HEADERS = [
  '#include <bits/stdc++.h>\nusing namespace std;',
  '#include <iostream>\n#include <vector>\n#include <algorithm>\n#include <map>\n#include <set>\n#include <stack>\n#include <queue>\n#include <array>\n#include <climits>\n#include <cstdlib>\nusing namespace std;',
  '#include <bits/stdc++.h>\nusing namespace std;\ntypedef long long ll;\n#define all(x) (x).begin(), (x).end()',
];
const HELPERS = [
  'static inline long long sq(long long x) { return x * x; }',
  'template <class T> void chmax(T &a, T b) { if (b > a) a = b; }',
  'int readInt() { int x; if (scanf("%d", &x) != 1) return 0; return x; }',
  'const int MOD = 1000000007;\nlong long power(long long b, long long e) { long long r = 1; b %= MOD; while (e) { if (e & 1) r = r * b % MOD; b = b * b % MOD; e >>= 1; } return r; }',
  '',
  '',
];
/** Statements a writer adds of their own (checks, debug output, small extras): 2-4 per program, in any order. */
const EXTRAS = [
  'if ($n <= 0) { puts("0"); return; }',
  'long long chk = 0;\n    for (auto e : $a) chk ^= e * 31 + 7;\n    (void)chk;',
  'int zeros = 0;\n    for (int q = 0; q < $n; ++q) zeros += ($a[q] == 0);\n    if (zeros > $n) cerr << zeros;',
  'vector<long long> copyv($a);\n    reverse(copyv.begin(), copyv.end());',
  'long long mn = *min_element($a.begin(), $a.end()), mx = *max_element($a.begin(), $a.end());\n    if (mn > mx) swap(mn, mx);',
  'auto sq2 = [](long long v) { return v * v; };\n    long long energy = 0;\n    for (auto e : $a) energy += sq2(e % 1000);',
  'int steps = 0;\n    while ((1 << steps) < $n) steps++;',
  'string tag = "case";\n    if (tag.size() > 100) cout << tag;',
  'double avg = 0;\n    for (int q = 0; q < $n; q++) avg += $a[q];\n    if ($n) avg /= $n;',
  'bool sortedIn = is_sorted($a.begin(), $a.end());\n    if (!sortedIn && $n < 0) return;',
  'long long pref = 0; int firstNeg = -1;\n    for (int q = 0; q < $n; q++) { pref += $a[q]; if (pref < 0 && firstNeg < 0) firstNeg = q; }',
  'unordered_map<long long, int> freq;\n    for (auto e : $a) ++freq[e];\n    int most = 0;\n    for (auto &kv : freq) most = max(most, kv.second);',
];
const COMMENTS = ['// read input', '/* main logic */', '// TODO: edge cases', '// O(n log n)', '', '', ''];

/** One writer's names for the placeholders. */
function namesOf(r: () => number): Record<string, string> {
  const n = pick(r, NAMES.n);
  let a = pick(r, NAMES.a);
  if (a === n) a = `${a}s`;
  return {
    n,
    a,
    i: pick(r, NAMES.i),
    res: pick(r, NAMES.res),
    tmp: pick(r, NAMES.tmp),
    fn: pick(r, NAMES.fn),
  };
}

function fill(body: string, names: Record<string, string>): string {
  return body.replace(/\$(res|tmp|fn|n|a|i)\b/g, (_, k: string) => names[k]!);
}

/** An independent program for problem `p` (0-9) by writer `seed`. */
export function program(p: number, seed: number): string {
  const r = rng(seed * 7919 + p * 104729 + 1);
  const names = namesOf(r);
  const way = fill(pick(r, WAYS[p % WAYS.length]!), names);
  const useScanf = r() < 0.35;
  const read = useScanf
    ? `int ${names.n}; if (scanf("%d", &${names.n}) != 1) return 0;\n    vector<long long> ${names.a}(${names.n});\n    for (int ${names.i} = 0; ${names.i} < ${names.n}; ${names.i}++) scanf("%lld", &${names.a}[${names.i}]);`
    : `int ${names.n}; cin >> ${names.n};\n    vector<long long> ${names.a}(${names.n});\n    for (auto &e : ${names.a}) cin >> e;`;
  const write = useScanf ? `printf("%lld\\n", ${names.res});` : `cout << ${names.res} << '\\n';`;
  const fast = !useScanf && r() < 0.6 ? '    ios::sync_with_stdio(false);\n    cin.tie(nullptr);\n' : '';
  const k = `    const long long K = ${Math.floor(r() * 900) + 100};\n`;
  const inFunction = r() < 0.4;
  const helper = pick(r, HELPERS);
  const comment = pick(r, COMMENTS);
  const extras = [...EXTRAS].sort(() => r() - 0.5).slice(0, 2 + Math.floor(r() * 3));
  const before = extras.slice(0, Math.ceil(extras.length / 2)).map((x) => `    ${fill(x, names)}\n`);
  const after = extras.slice(Math.ceil(extras.length / 2)).map((x) => `    ${fill(x, names)}\n`);
  const body = `${comment ? `    ${comment}\n` : ''}    ${read}\n${before.join('')}${k}    ${way}\n${after.join('')}    ${write}`;
  if (inFunction)
    return `${pick(r, HEADERS)}\n${helper}\n\nvoid ${names.fn}() {\n${body}\n}\n\nint main() {\n${fast}    ${names.fn}();\n    return 0;\n}\n`;
  return `${pick(r, HEADERS)}\n${helper}\n\nint main() {\n${fast}${body.replace(/return 0;/, 'return 0;')}\n    return 0;\n}\n`;
}

/** What a copier hands in: `original` with identifiers renamed, spacing changed and a comment added. */
export function disguise(original: string, seed: number): string {
  const r = rng(seed * 31 + 17);
  let s = original;
  const swaps: [RegExp, string][] = [
    [/\bans\b/g, pick(r, ['total_ans', 'finalAns', 'z'])],
    [/\bres\b/g, pick(r, ['r0', 'outv', 'resv'])],
    [/\bcur\b/g, pick(r, ['c1', 'curr', 'accu'])],
    [/\barr\b/g, pick(r, ['A', 'vals', 'in'])],
    [/\bnums\b/g, pick(r, ['B', 'items'])],
  ];
  for (const [re, to] of swaps) s = s.replace(re, to);
  s = s.replace(/ {4}/g, pick(r, ['  ', '\t', '     ']));
  return `// my solution\n${s.replace(/\) \{/g, pick(r, [') {', '){', ')\n{']))}`;
}
