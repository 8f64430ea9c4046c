#!/usr/bin/env node
// Writes docs/spec-index.md: every section of the product specification that the code cites ("doc N §x" in a
// comment), with the section's title and the files that implement it, and what each "issue N" a comment names was
// about. The specification lives beside the repository (../shared/spec, or SPEC_DIR); the index carries the section
// titles so a contributor without it can still follow a citation.
//
//   node scripts/spec-index.mjs            rewrites docs/spec-index.md
//   node scripts/spec-index.mjs --check    exits 1 when docs/spec-index.md is not what it would write
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const specDir = process.env.SPEC_DIR ?? path.resolve(root, '../shared/spec');
const out = path.join(root, 'docs/spec-index.md');
const SCAN = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'docs'];
const EXT = /\.(ts|tsx|mjs|js|css|md|sql|c|h)$/;

/** What each issue named in comments was about (the tracker is not in the repository). */
const ISSUES = {
  2: 'Foundation: the monorepo, the API server on embedded PostgreSQL, accounts, and the React site shell',
  3: 'Judge: a safe, accurate sandbox, the full judging semantics, and judgehosts that scale out',
  4: 'Practice: problems, the code editor, submissions and rankings, with problem management and import',
  7: 'Judge hardening and speed: host-side holes closed, a fresh read-only box per test case, faster than isolate per run',
  8: 'API security and robustness: no test data or private problem leaks, zero 5xx under fuzzing, fair judging',
  9: 'Contests: ACM and OI contests end to end, with scoreboards that stay fast at 10,000 participants',
  10: 'Contest operations: announcements, clarifications, balloons, printing, rejudge, the scroll board, live updates, the CLICS Contest API',
  11: 'Trainings: curated problem sets with progress, passwords and a rank, and their back office',
  12: 'Community: discussions, comments, the message centre and notifications, safely rendered',
  13: 'Groups: classes and clubs with their own members, problems, trainings, contests, discussions and rank',
  14: 'Practice pages tried as a new user would: defects, compressed assets, judging progress on screen',
  15: 'Running it for real: production build, fast start, readable logs, health and shutdown, backups, the scaled set-up',
  22: 'Contest day at scale: a 1,000-contestant start, fair sign-in, judgehosts that never turn a verdict into System Error',
  23: 'Contest integrity: what blocked a contestant, what a seal still leaked, what outside clients read',
  24: 'Judging fidelity: verdicts that depend only on the program, the sandbox holes closed, cheap compiles',
  25: 'The pages walked again in both languages and on a phone: statements, contest pages, the last screens',
  26: 'The seams: typed extension points, one seal, one library per concern, OpenAPI, a readable house',
  27: 'Remote judges: HDU, Codeforces, GYM, POJ, AtCoder and SPOJ through an account pool',
  28: 'What users and operators expect: dark mode, accessibility, progress, configuration, dependencies, a fast CI',
  29: 'Beyond the peers: code similarity, queue position and wait, borderline time limits looked at twice',
};

/** Section number -> title for each spec document (1, 2, 3), from its Markdown headings. */
function specSections() {
  const docs = {};
  if (!fs.existsSync(specDir)) return null;
  for (const file of fs.readdirSync(specDir).sort()) {
    const n = /^(\d)-/.exec(file)?.[1];
    if (!n) continue;
    const text = fs.readFileSync(path.join(specDir, file), 'utf8');
    const title = /^# (.+)$/m.exec(text)?.[1] ?? file;
    const sections = new Map();
    for (const m of text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? (.+)$/gm)) sections.set(m[1], m[2].trim());
    docs[n] = { file, title, sections };
  }
  return docs;
}

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git'].includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (EXT.test(e.name)) yield p;
  }
}

const cites = new Map(); // "1 §2.7" -> Map(file -> count)
const issues = new Map(); // n -> count
for (const top of SCAN) {
  const dir = path.join(root, top);
  if (!fs.existsSync(dir)) continue;
  for (const f of files(dir)) {
    if (f === out) continue;
    const rel = path.relative(root, f);
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bdoc ([123]) §(\d+(?:\.\d+)*)/g)) {
      const key = `${m[1]} §${m[2]}`;
      const per = cites.get(key) ?? new Map();
      per.set(rel, (per.get(rel) ?? 0) + 1);
      cites.set(key, per);
    }
    for (const m of text.matchAll(/\bissues? (\d{1,2})\b/g))
      issues.set(Number(m[1]), (issues.get(Number(m[1])) ?? 0) + 1);
  }
}

const docs = specSections();
if (!docs) {
  console.error(`spec-index: no specification at ${specDir} (set SPEC_DIR)`);
  process.exit(2);
}

const byNumber = (a, b) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++)
    if ((pa[i] ?? -1) !== (pb[i] ?? -1)) return (pa[i] ?? -1) - (pb[i] ?? -1);
  return 0;
};

/** The folders (two levels) citing a section, most citations first, with the three files citing it most. */
function where(per) {
  const folders = new Map();
  for (const [f, c] of per) {
    const dir = path.dirname(f).split(path.sep).slice(0, 4).join('/');
    folders.set(dir, (folders.get(dir) ?? 0) + c);
  }
  const top = [...folders]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([d]) => `\`${d}/\``);
  const main = [...per]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([f]) => `\`${f}\``);
  return `${top.join(', ')}${folders.size > 4 ? ', …' : ''}; most in ${main.join(', ')}`;
}

const lines = [
  '# Spec index: what the code cites',
  '',
  'Comments in the code cite the product specification as "doc N §x" (documents 1–3 of the specification kept',
  'beside the repository, `../shared/spec/`) and the issue a change came from as "issue N". This page says what',
  'each citation means and where it is implemented, for a contributor who has neither the specification nor the',
  'tracker. It is generated: `node scripts/spec-index.mjs` (with the specification at `../shared/spec` or',
  '`SPEC_DIR`); do not edit it by hand. Words: see `docs/glossary.md`.',
  '',
];
for (const [n, doc] of Object.entries(docs)) {
  lines.push(`## doc ${n}: ${doc.title.replace(/^Specification: /, '')}`, '');
  lines.push('| section | title | cited | where |', '|---|---|---|---|');
  const cited = [...cites.keys()]
    .filter((k) => k.startsWith(`${n} §`))
    .map((k) => k.slice(k.indexOf('§') + 1));
  const numbers = [...new Set([...doc.sections.keys(), ...cited])].sort(byNumber);
  for (const s of numbers) {
    const per = cites.get(`${n} §${s}`);
    const count = per ? [...per.values()].reduce((a, b) => a + b, 0) : 0;
    const title = doc.sections.get(s) ?? '(no such section: a citation to fix)';
    lines.push(`| §${s} | ${title.replaceAll('|', '\\|')} | ${count} | ${per ? where(per) : '—'} |`);
  }
  lines.push('');
}
lines.push('## Issues named in comments', '', '| issue | what it was about | comments |', '|---|---|---|');
for (const [n, c] of [...issues].sort((a, b) => a[0] - b[0])) {
  lines.push(`| ${n} | ${ISSUES[n] ?? '(not in this list: add it to scripts/spec-index.mjs)'} | ${c} |`);
}
lines.push('');
const text = lines.join('\n');

if (process.argv.includes('--check')) {
  const now = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  if (now !== text) {
    console.error('docs/spec-index.md is out of date: run node scripts/spec-index.mjs');
    process.exit(1);
  }
} else {
  fs.writeFileSync(out, text);
  console.log(`wrote ${path.relative(root, out)}: ${cites.size} sections cited, ${issues.size} issues named`);
}
