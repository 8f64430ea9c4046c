#!/usr/bin/env node
// Runs test lanes side by side and prints each lane's output as one block when it ends, then a table of the lanes'
// times. Exits 1 when any lane failed (every lane still runs to its end, so one run shows every failure).
//
//   node scripts/test-lanes.mjs <lane>[+<lane>...] ...
//
// Lanes given apart run side by side; lanes joined with `+` run one after the other as one lane (a failing step ends
// its part of the lane; the next part still runs, so one run shows every failure). A single lane streams its output
// as it goes; lanes side by side print theirs as one block each when they end. The lanes:
//   unit  the unit projects (shared, remote-judge, server, judgehost, web) on the database TEST_DATABASE_URL names (PGlite if empty)
//   e2e   the web build when apps/web/dist is stale (scripts/build-web-if-needed.mjs), then the browser tests
//   pg    the server project on PostgreSQL (TEST_DATABASE_URL, default the machine's postgres on 127.0.0.1:5432)
//   lint  Biome, then the type check
//
// Each lane gets its own OJ_TEST_UID_OFFSET, which every test adds to the sandbox uid ranges it picks, so servers and
// judgehosts of lanes running at once never share uids (a judgehost on a range in use refuses to start).
// `npm test` runs `unit+e2e`. On the 2-core CI machine lanes side by side made each several times slower (three
// lanes: the unit projects went from about 15 to about 2 files a minute), so CI runs its stages one at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Lane name -> its steps ([command, args]), its environment and its uid offset. */
const LANES = {
  unit: {
    steps: [
      [
        'npx',
        [
          'vitest',
          'run',
          '--passWithNoTests',
          '--project',
          'shared',
          '--project',
          'remote-judge',
          '--project',
          'server',
          '--project',
          'judgehost',
          '--project',
          'web',
        ],
      ],
    ],
    env: {},
    uidOffset: 0,
  },
  e2e: {
    steps: [
      ['node', ['scripts/build-web-if-needed.mjs']],
      ['npx', ['vitest', 'run', '--passWithNoTests', '--project', 'e2e']],
    ],
    env: {},
    uidOffset: 400_000,
  },
  pg: {
    steps: [['npx', ['vitest', 'run', '--project', 'server']]],
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || PG_DEFAULT },
    uidOffset: 200_000,
  },
  lint: {
    steps: [
      ['npm', ['run', 'lint']],
      ['npm', ['run', 'typecheck']],
    ],
    env: {},
    uidOffset: 600_000,
  },
};

const names = process.argv.slice(2);
const unknown = names.flatMap((n) => n.split('+')).filter((n) => !(n in LANES));
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: node scripts/test-lanes.mjs <${Object.keys(LANES).join('|')}> ...`);
  if (unknown.length) console.error(`unknown lane: ${unknown.join(', ')}`);
  process.exit(2);
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-test-lanes-'));
const started = Date.now();
/** One lane: its steps write straight to this process's output. */
const streaming = names.length === 1;
const secs = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one step with its output appended to `log`; resolves to its exit code (1 when it could not start). */
function runStep(cmd, args, env, log) {
  return new Promise((resolve) => {
    const fd = fs.openSync(log, 'a');
    fs.writeSync(fd, `\n$ ${cmd} ${args.join(' ')}\n`);
    const out = streaming ? 'inherit' : fd;
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', out, out] });
    child.on('error', (e) => {
      fs.writeSync(fd, `cannot start: ${e.message}\n`);
      fs.closeSync(fd);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      fs.closeSync(fd);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Vitest's JSON reporter beside its default one, into `file`: each test file's time, printed at the end. */
function timingArgs(file) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

/** The `n` slowest test files of a Vitest JSON report, as printable lines (none when there is no report). */
function slowestFiles(file, n = 12) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  return (report.testResults ?? [])
    .map((r) => ({
      name: path.relative(root, r.name),
      ms: (r.endTime ?? 0) - (r.startTime ?? 0),
      ok: r.status,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((r) => `${secs(r.ms).padStart(7)}  ${r.ok === 'passed' ? '' : `${r.ok} `}${r.name}`);
}

/**
 * The failed tests of a Vitest JSON report, as printable lines: each failed file with its failed tests' full names
 * and the first line of their messages, and a file that failed with no failed test (an error while loading it, an
 * unhandled error) with its message. Printed in the lane table so the end of a CI log names what failed.
 */
function failedTests(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const firstLine = (m) =>
    String(m ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  const lines = [];
  for (const r of report.testResults ?? []) {
    if (r.status === 'passed') continue;
    lines.push(`${r.status} ${path.relative(root, r.name)}`);
    const failed = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      lines.push(`  x ${a.fullName}: ${firstLine(a.failureMessages?.[0]).slice(0, 200)}`);
    if (failed.length === 0 && r.message) lines.push(`  ${firstLine(r.message).slice(0, 200)}`);
  }
  if (report.success === false && lines.length === 0) {
    lines.push('no failed test in the report: an unhandled error or a run cut short (see the log above)');
  }
  return lines;
}

/** Runs the steps of `a+b+...` in order; returns { name, code, ms, steps: [{ step, ms, code }] }. */
async function runLane(name) {
  const log = path.join(logDir, `${name}.log`);
  const t0 = Date.now();
  const steps = [];
  let failed = 0;
  for (const part of name.split('+')) {
    const lane = LANES[part];
    const env = { ...process.env, ...lane.env, OJ_TEST_UID_OFFSET: String(lane.uidOffset) };
    let code = 0;
    for (const [i, [cmd, plain]] of lane.steps.entries()) {
      if (code !== 0) break;
      const s0 = Date.now();
      const timings = path.join(logDir, `${part}-${i}.json`);
      const args = plain[0] === 'vitest' ? [...plain, ...timingArgs(timings)] : plain;
      console.log(`lane ${name}: ${cmd} ${plain.join(' ')} (at ${secs(s0 - started)})`);
      code = await runStep(cmd, args, env, log);
      steps.push({ step: `${cmd} ${plain.slice(0, 3).join(' ')}`, ms: Date.now() - s0, code, timings });
    }
    if (code !== 0) failed = code;
  }
  const ms = Date.now() - t0;
  console.log(
    `\n======== lane ${name}: ${failed === 0 ? 'passed' : `FAILED (exit ${failed})`} in ${secs(ms)}`,
  );
  if (!streaming) {
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    console.log(`======== end of lane ${name}`);
  }
  return { name, code: failed, ms, steps };
}

console.log(
  streaming
    ? `lane ${names[0]}`
    : `lanes ${names.join(', ')} side by side (each lane's output follows when it ends; logs in ${logDir})`,
);
const results = await Promise.all(names.map(runLane));
console.log(`\nlane times (all ${secs(Date.now() - started)}):`);
for (const r of results) {
  console.log(`  ${r.name.padEnd(5)} ${r.code === 0 ? 'ok    ' : 'FAILED'} ${secs(r.ms).padStart(7)}`);
  for (const s of r.steps) {
    console.log(`        ${s.step.padEnd(40)} ${secs(s.ms).padStart(7)}${s.code ? ` exit ${s.code}` : ''}`);
    const slow = slowestFiles(s.timings);
    if (slow.length) console.log(`          slowest files:\n${slow.map((l) => `          ${l}`).join('\n')}`);
    const failed = s.code ? failedTests(s.timings) : [];
    if (failed.length) console.log(`          failed:\n${failed.map((l) => `          ${l}`).join('\n')}`);
  }
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
