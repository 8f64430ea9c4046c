/**
 * Judge end-to-end benchmark (not part of the test run): starts the real server (`apps/server/src/server.ts`,
 * PGlite in a temporary data dir) with its embedded judgehost (one worker per core), imports an A+B problem with
 * 10 test cases through the FPS import API, then measures
 *   (c) latency from submit to final verdict of one A+B C++ submission at a time (median / p90 / max, ms);
 *   (d) throughput of 200 such submissions queued at once, against the sum of the bare compile + run times
 *       (g++ and the 10 runs without the sandbox, server or queue).
 * Run: `npx tsx bench/judge/end-to-end.ts [--samples 15] [--batch 200]`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '15' }, batch: { type: 'string', default: '200' } },
});
const SAMPLES = Number(values.samples);
const BATCH = Number(values.batch);
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

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      OJ_WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
      return ids.map((id) => r.data[id]?.status ?? 5);
    };
    const done = (s: number) => ![5, 6, 7].includes(s);

    // (c) one at a time; the first is a warm-up (caches, page cache, JIT).
    const lat: number[] = [];
    for (let i = 0; i <= SAMPLES; i++) {
      const t0 = performance.now();
      const id = await submit();
      for (;;) {
        const [s] = await statuses([id]);
        if (done(s)) {
          if (s !== 0) {
            const d = (await (
              await fetch(`${base}/get-submission-detail?submitId=${id}`, { headers: auth })
            ).json()) as { data: { submission: { errorMessage: string } } };
            throw new Error(`submission ${id} ended with status ${s}: ${d.data.submission.errorMessage}`);
          }
          break;
        }
        await sleep(10);
      }
      if (i > 0) lat.push(performance.now() - t0);
    }
    console.log(
      `(c) submit -> final verdict, A+B C++ with 10 cases, ${SAMPLES} samples: median ${pct(lat, 50).toFixed(0)} ms, p90 ${pct(lat, 90).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms (status polled every 10 ms)`,
    );

    // (d) a batch queued at once.
    const t0 = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < BATCH; i++) ids.push(await submit());
    const submitMs = performance.now() - t0;
    let final: number[] = [];
    for (;;) {
      final = await statuses(ids);
      if (final.every(done)) break;
      await sleep(100);
    }
    const wallMs = performance.now() - t0;
    const ac = final.filter((s) => s === 0).length;

    // Bare: the same compile and the 10 runs without sandbox, server or queue.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oj-bare-'));
    writeFileSync(path.join(dir, 'main.cpp'), CODE);
    const compiles: number[] = [];
    for (let i = 0; i < 5; i++) {
      const c0 = performance.now();
      const r = spawnSync(
        '/usr/bin/g++',
        ['-DONLINE_JUDGE', '-pipe', '-w', '-std=c++14', 'main.cpp', '-o', 'main', '-lm'],
        { cwd: dir },
      );
      if (r.status !== 0) throw new Error(`bare compile failed: ${r.stderr}`);
      compiles.push(performance.now() - c0);
    }
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r0 = performance.now();
      for (const [a, b] of CASES) spawnSync(path.join(dir, 'main'), { input: `${a} ${b}\n` });
      runs.push(performance.now() - r0);
    }
    rmSync(dir, { recursive: true, force: true });
    const bareOne = pct(compiles, 50) + pct(runs, 50);
    const bareSum = bareOne * BATCH;
    const cores = os.availableParallelism();
    console.log(
      `(d) ${BATCH} submissions queued at once (submitting took ${submitMs.toFixed(0)} ms): all final in ${(wallMs / 1000).toFixed(1)} s, ${ac} Accepted, throughput ${(BATCH / (wallMs / 1000)).toFixed(2)} submissions/s`,
    );
    console.log(
      `    bare compile ${pct(compiles, 50).toFixed(0)} ms + 10 bare runs ${pct(runs, 50).toFixed(1)} ms = ${bareOne.toFixed(0)} ms each; sum over ${BATCH}: ${(bareSum / 1000).toFixed(1)} s (${(bareSum / cores / 1000).toFixed(1)} s ideal on ${cores} cores)`,
    );
    console.log(
      `    judge wall / bare sum = ${(wallMs / bareSum).toFixed(2)}; judge wall / (bare sum / cores) = ${(wallMs / (bareSum / cores)).toFixed(2)}`,
    );
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
