/**
 * Judge end-to-end benchmark (not part of the test run): starts the real server (`apps/server/src/server.ts`,
 * PGlite in a temporary data dir) with its embedded judgehost (one worker per core), imports an A+B problem with
 * 10 test cases through the FPS import API, then measures
 *   (c) latency from submit to final verdict of one A+B C++ submission at a time (median / p90 / max, ms), as
 *       the web app gets it: the verdict event on the user's live stream (`GET /api/events`, docs/events.md), with
 *       a 250 ms status poll beside it as a fallback (a sample it decides is counted as a missed event);
 *   (d) throughput of 200 such submissions queued at once, against the sum of the bare compile + run times
 *       (g++ and the 10 runs without the sandbox, server or queue).
 * The bare references are measured next to what they are compared with: one after each (c) sample, five before and
 * five after (d), so that a drifting machine load moves both sides; then the bare work one loop at a time and one
 * loop per core at once, back to back, to show what the machine as loaded gives parallel work.
 * Prints the ratios to the goals of issue 7 §3 ((c) median / bare compile + runs of one submission <= 1.3, (d) batch
 * wall / (bare sum / workers) <= 1.1), the phases of a job as the judgehost logs them (its `judged` lines), the CPU
 * used during (d) by the server process, the judgehost's Node process, the sandboxed runs and the kernel, and
 * `uptime` first and last (the machine may be shared).
 * `--workers N` starts the embedded judgehost with N workers (default one per core) and divides the bare sum by N
 * for the ideal (issue 7 §3: "the bare compile and run time divided by the number of workers"); with fewer workers
 * than cores the judgehost and the server get a CPU of their own.
 * `BENCH_SERVER_NODE_ARGS` adds Node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run: `npx tsx bench/judge/end-to-end.ts [--samples 15] [--batch 200] [--workers N]`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createSseParser,
  isFinishedStatus,
  isJudgingStatus,
  JudgeStatus,
  LIVE_EVENT,
  type LiveVerdictData,
} from '@oj/shared';
import {
  childPid,
  collectPhases,
  kernelThreadsCpu,
  machineBusy,
  type Phases,
  phaseLine,
  procCpu,
  treeCpu,
} from './e2e-probe.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '15' },
    batch: { type: 'string', default: '200' },
    workers: { type: 'string' },
  },
});
const SAMPLES = Number(values.samples);
const BATCH = Number(values.batch);
/** Judge workers of the embedded judgehost (default: one per core, as the server starts it). */
const WORKERS = values.workers === undefined ? os.availableParallelism() : Number(values.workers);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'benchpass123';
const CODE = '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";return 0;}\n';
const CASES = Array.from({ length: 10 }, (_, i) => [i * 7 + 1, i * 13 + 2] as const);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function fpsXml(): string {
  const tests = CASES.map(
    ([a, b]) =>
      `<test_input><![CDATA[${a} ${b}\n]]></test_input><test_output><![CDATA[${a + b}\n]]></test_output>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><fps version="1.4"><item><title><![CDATA[Bench A+B]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit><memory_limit unit="mb"><![CDATA[256]]></memory_limit>
<description><![CDATA[a+b]]></description><sample_input><![CDATA[1 2]]></sample_input><sample_output><![CDATA[3]]></sample_output>
${tests}</item></fps>`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * One bare compile (g++ as the judge calls it for C++) and the 10 bare runs (spawnSync, input on stdin) in `dir`:
 * wall ms of each part and the CPU ms of both (the waited-for children of this process).
 */
function bareOnce(dir: string): { compileMs: number; runsMs: number; cpuMs: number } {
  const cpu0 = procCpu(process.pid).children;
  const c0 = performance.now();
  const r = spawnSync(
    '/usr/bin/g++',
    ['-DONLINE_JUDGE', '-pipe', '-w', '-std=c++14', 'main.cpp', '-o', 'main', '-lm'],
    { cwd: dir },
  );
  if (r.status !== 0) throw new Error(`bare compile failed: ${r.stderr}`);
  const r0 = performance.now();
  for (const [a, b] of CASES) spawnSync(path.join(dir, 'main'), { input: `${a} ${b}\n` });
  const end = performance.now();
  return { compileMs: r0 - c0, runsMs: end - r0, cpuMs: (procCpu(process.pid).children - cpu0) * 1000 };
}

/** `cmd` with `input` on stdin, without blocking the event loop; rejects on a non-zero exit. */
function runAsync(cmd: string, args: string[], cwd: string, input = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd, stdio: ['pipe', 'ignore', 'ignore'] });
    c.stdin?.end(input);
    c.on('error', reject);
    c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

/**
 * What the machine gives the bare work with `workers` loops at once, as now loaded: `perWorker` bare compiles + 10
 * runs (async spawns) in each of `workers` concurrent loops (own dirs); wall ms per submission of the whole.
 */
async function bareConcurrent(workers: number, perWorker: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'oj-bare-'));
      writeFileSync(path.join(dir, 'main.cpp'), CODE);
      for (let i = 0; i < perWorker; i++) {
        await runAsync(
          '/usr/bin/g++',
          ['-DONLINE_JUDGE', '-pipe', '-w', '-std=c++14', 'main.cpp', '-o', 'main', '-lm'],
          dir,
        );
        for (const [a, b] of CASES) await runAsync(path.join(dir, 'main'), [], dir, `${a} ${b}\n`);
      }
      rmSync(dir, { recursive: true, force: true });
    }),
  );
  return (performance.now() - t0) / (workers * perWorker);
}
const uptime = () => console.log(`uptime: ${spawnSync('uptime').stdout.toString().trim()}`);

async function main() {
  uptime();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      OJ_WEB_DIST: '/nonexistent',
      OJ_EMBEDDED_JUDGE_WORKERS: String(WORKERS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The embedded judgehost logs one `judged` line per job (with its phases) to the server's stdout.
  const phases = collectPhases(server.stdout as NonNullable<typeof server.stdout>);
  const cleanup = () => {
    server.kill('SIGTERM');
  };
  process.on('exit', cleanup);
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/get-website-config`)).ok) break;
      } catch {
        // starting
      }
      if (i > 600) throw new Error('server did not start');
      await sleep(200);
    }
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: PASSWORD }),
    });
    const token = login.headers.get('authorization') as string;
    const auth = { authorization: token };
    const form = new FormData();
    form.append('file', new Blob([fpsXml()]), 'bench.xml');
    const imported = (await (
      await fetch(`${base}/file/import-fps-problem`, { method: 'POST', headers: auth, body: form })
    ).json()) as { data: { problemId: string }[] };
    const problemId = imported.data[0].problemId;
    for (let i = 0; ; i++) {
      const st = (await (
        await fetch(`${base}/admin/judge/get-judge-server-status`, { headers: auth })
      ).json()) as { data: { judgeServerList: { online: boolean; workers: number }[] } };
      if (st.data.judgeServerList.some((h) => h.online)) {
        console.log(
          `embedded judgehost online with ${st.data.judgeServerList[0].workers} worker(s) on ${os.availableParallelism()} core(s)`,
        );
        break;
      }
      if (i > 300) throw new Error('no judgehost registered');
      await sleep(200);
    }

    const submit = async (): Promise<number> => {
      const r = (await (
        await fetch(`${base}/submit-problem-judge`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ pid: problemId, language: 'C++', code: CODE, cid: 0 }),
        })
      ).json()) as { data: { submitId: number } };
      return r.data.submitId;
    };
    const statuses = async (ids: number[]) => {
      const r = (await (
        await fetch(`${base}/check-submissions-status`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ submitIds: ids, cid: 0 }),
        })
      ).json()) as { data: Record<string, { status: number }> };
      return ids.map((id) => r.data[id]?.status ?? JudgeStatus.PENDING);
    };
    const done = (s: number) => !isJudgingStatus(s);

    // The user's live stream (what the web app waits on): the arrival time of each final verdict event.
    const arrived = new Map<number, number>();
    const waiting = new Map<number, () => void>();
    const stream = await new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.request(`${base}/events`, { headers: auth });
      req.on('error', reject);
      req.on('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
        res.setEncoding('utf8');
        const parser = createSseParser((e) => {
          if (e.type === LIVE_EVENT.ready) resolve(req);
          else if (e.type === LIVE_EVENT.verdict) {
            const d = JSON.parse(e.data) as LiveVerdictData;
            if (!isFinishedStatus(d.status)) return;
            arrived.set(d.submitId, performance.now());
            waiting.get(d.submitId)?.();
          }
        });
        res.on('data', (chunk: string) => parser.push(chunk));
      });
      req.end();
    });
    /** Resolves when submission `id`'s final verdict event has arrived (at once when it already has). */
    const verdictEvent = (id: number) =>
      new Promise<void>((resolve) => {
        if (arrived.has(id)) resolve();
        else waiting.set(id, resolve);
      });

    // Bare references are measured next to what they are compared with (the load of the machine drifts): one
    // after each (c) sample, five before and five after (d).
    const bareDir = mkdtempSync(path.join(os.tmpdir(), 'oj-bare-'));
    writeFileSync(path.join(bareDir, 'main.cpp'), CODE);
    const cBare: number[] = [];

    // (c) one at a time; the first is a warm-up (caches, page cache, JIT).
    const lat: number[] = [];
    const split: { submit: number; wake: number; posted: number; seen: number; id: number }[] = [];
    let missedEvents = 0;
    for (let i = 0; i <= SAMPLES; i++) {
      const t0 = performance.now();
      const e0 = Date.now();
      const id = await submit();
      const submitMs = performance.now() - t0;
      // The stream's event, or a 250 ms fallback poll if the event never comes (counted as missed).
      let polledDone = false;
      const poll = (async () => {
        while (!arrived.has(id)) {
          await sleep(250);
          if (!arrived.has(id) && done((await statuses([id]))[0])) {
            polledDone = true;
            return;
          }
        }
      })();
      await Promise.race([verdictEvent(id), poll]);
      waiting.delete(id);
      const seenAt = arrived.get(id) ?? performance.now();
      if (polledDone && !arrived.has(id)) missedEvents++;
      const [s] = await statuses([id]);
      if (s !== 0) {
        const d = (await (
          await fetch(`${base}/get-submission-detail?submitId=${id}`, { headers: auth })
        ).json()) as { data: { submission: { errorMessage: string } } };
        throw new Error(`submission ${id} ended with status ${s}: ${d.data.submission.errorMessage}`);
      }
      if (i > 0) {
        lat.push(seenAt - t0);
        await sleep(50); // the judged line follows the result post
        const p = phases.get(id);
        if (p) {
          const posted = p.leasedAt + p.judgeMs + p.postMs - e0;
          split.push({
            submit: submitMs,
            wake: p.leasedAt - e0 - submitMs,
            posted,
            seen: lat.at(-1) ?? 0,
            id,
          });
        }
        const b = bareOnce(bareDir);
        cBare.push(b.compileMs + b.runsMs);
      }
    }
    console.log(
      `(c) submit -> final verdict, A+B C++ with 10 cases, ${SAMPLES} samples: median ${pct(lat, 50).toFixed(0)} ms, p90 ${pct(lat, 90).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms (seen as the verdict event on the user's live stream; ${missedEvents} missed, seen by the 250 ms fallback poll)`,
    );

    console.log(
      `    bare compile + 10 runs next to each sample: median ${pct(cBare, 50).toFixed(0)} ms; (c) median / bare = ${(pct(lat, 50) / pct(cBare, 50)).toFixed(2)} (goal <= 1.3)`,
    );
    const med = (xs: number[]) => pct(xs, 50).toFixed(0);
    const cJobs = split.map((x) => phases.get(x.id)).filter((p): p is Phases => !!p);
    console.log(
      `    medians, ms: submit answered ${med(split.map((x) => x.submit))}, answered -> task at the worker ${med(split.map((x) => x.wake))}; ${phaseLine(cJobs)}; result posted -> verdict event received ${med(split.map((x) => x.seen - x.posted))}; submit -> result committed ${med(split.map((x) => x.posted))}`,
    );

    stream.destroy(); // (d) polls, as before
    // (d) a batch queued at once.
    const bares = Array.from({ length: 5 }, () => bareOnce(bareDir));
    const judgehost = childPid(server.pid as number, 'judgehost/src/main.ts');
    const cpu0 = {
      server: procCpu(server.pid as number),
      host: procCpu(judgehost ?? -1),
      tree: treeCpu(judgehost ?? -1),
      kernel: kernelThreadsCpu(),
      all: machineBusy(),
    };
    const t0 = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < BATCH; i++) ids.push(await submit());
    const submitMs = performance.now() - t0;
    // Every 250 ms, the 10 oldest unfinished ones (jobs are taken oldest first): a poll of all 200 would load the
    // server with work that is not the judge's (the web polls one submission every 2 s).
    let open = [...ids];
    while (open.length) {
      const window = open.slice(0, 10);
      const st = await statuses(window);
      const finished = new Set(window.filter((_, k) => done(st[k])));
      open = open.filter((id) => !finished.has(id));
      if (finished.size < window.length) await sleep(250);
    }
    const wallMs = performance.now() - t0;
    const cpu1 = {
      server: procCpu(server.pid as number),
      host: procCpu(judgehost ?? -1),
      tree: treeCpu(judgehost ?? -1),
      kernel: kernelThreadsCpu(),
      all: machineBusy(),
    };
    const final = await statuses(ids);
    const ac = final.filter((s) => s === 0).length;
    const dJobs = ids.map((id) => phases.get(id)).filter((p): p is Phases => !!p);

    // Bare: the same compile and the 10 runs without sandbox, server or queue, 5 before and 5 after (d).
    for (let i = 0; i < 5; i++) bares.push(bareOnce(bareDir));
    rmSync(bareDir, { recursive: true, force: true });
    const compiles = bares.map((b) => b.compileMs);
    const runs = bares.map((b) => b.runsMs);
    const bareCpuOne = pct(
      bares.map((b) => b.cpuMs),
      50,
    );
    const bareOne = pct(compiles, 50) + pct(runs, 50);
    const bareSum = bareOne * BATCH;
    const cores = os.availableParallelism();
    const workers = WORKERS;
    console.log(
      `(d) ${BATCH} submissions queued at once (submitting took ${submitMs.toFixed(0)} ms): all final in ${(wallMs / 1000).toFixed(1)} s, ${ac} Accepted, throughput ${(BATCH / (wallMs / 1000)).toFixed(2)} submissions/s`,
    );
    console.log(
      `    bare (median of 5 before and 5 after) compile ${pct(compiles, 50).toFixed(0)} ms + 10 bare runs ${pct(runs, 50).toFixed(1)} ms = ${bareOne.toFixed(0)} ms each; sum over ${BATCH}: ${(bareSum / 1000).toFixed(1)} s (${(bareSum / workers / 1000).toFixed(1)} s ideal with ${workers} worker(s) on ${cores} cores)`,
    );
    console.log(
      `    judge wall / bare sum = ${(wallMs / bareSum).toFixed(2)}; judge wall / (bare sum / workers) = ${(wallMs / (bareSum / workers)).toFixed(2)} (goal <= 1.1)`,
    );
    // The same bare work one at a time and one loop per core at once, back to back (same method, same load): what
    // the machine, as loaded now, gives parallel work.
    const oneMs = await bareConcurrent(1, 8);
    const parMs = await bareConcurrent(workers, 8);
    console.log(
      `    bare, async spawns, 8 per loop: one loop ${oneMs.toFixed(0)} ms per submission, ${workers} loops at once ${parMs.toFixed(0)} ms per submission (speed-up ${(oneMs / parMs).toFixed(2)} of an ideal ${workers}); judge wall / (${workers}-loop time x ${BATCH}) = ${(wallMs / (parMs * BATCH)).toFixed(2)}`,
    );
    const per = (x: number) => `${((x * 1000) / BATCH).toFixed(0)} ms`;
    const serverCpu = cpu1.server.self - cpu0.server.self;
    const hostCpu = cpu1.host.self - cpu0.host.self;
    const boxCpu = cpu1.tree - cpu0.tree; // the kept compile boxes' compilers too
    console.log(
      `    CPU per submission during (d): server process (API + PGlite) ${per(serverCpu)}, judgehost Node ${per(hostCpu)}, sandbox + compiler + runs ${per(boxCpu)}, kernel threads (all of the machine's) ${per(cpu1.kernel - cpu0.kernel)}; whole machine ${per(cpu1.all - cpu0.all)} (other load included) of ${per((wallMs / 1000) * cores)} available; bare compile + runs ${bareCpuOne.toFixed(0)} ms`,
    );
    // Workers busy on average: the sum of the jobs' judge times over the wall time (2 = both all the time).
    const busy = dJobs.reduce((sum, j) => sum + j.judgeMs, 0) / wallMs;
    console.log(
      `    phase medians over (d), ms: ${phaseLine(dJobs)}; workers judging on average ${busy.toFixed(2)} of ${workers}`,
    );
    uptime();
  } finally {
    cleanup();
    await sleep(1500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
