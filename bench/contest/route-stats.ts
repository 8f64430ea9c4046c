import fs from 'node:fs';
import { pct } from '../lib/pglite-bench.js';

// Requests per route in a server log (the JSON lines of LOG_FORMAT=json: "request completed" lines, which carry the
// request since logging.ts OneLinePerRequest; in older logs joined by reqId with the "incoming request" line), for
// finding where a burst's time goes (issue 22):
//
//   npx tsx bench/contest/route-stats.ts <server.log> [--from=ISO] [--to=ISO]
//
// Prints, per method and path (query left out), the number of requests, the statuses other than 200, and the
// response time p50 / p99 / total as Fastify measured it (from the request's arrival to the answer's end), the
// routes with the largest total first. --from / --to keep the requests that arrived in that window (the bench
// prints when each phase started).

interface Req {
  route: string;
  at: number;
}

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: route-stats.ts <server.log> [--from=ISO] [--to=ISO]');
const opt = new Map(rest.map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const from = opt.has('from') ? Date.parse(opt.get('from') as string) : -Infinity;
const to = opt.has('to') ? Date.parse(opt.get('to') as string) : Infinity;

const open = new Map<string, Req>();
const byRoute = new Map<string, { ms: number[]; other: number }>();
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  let l: {
    reqId?: string;
    time?: number;
    req?: { method: string; url: string };
    res?: { statusCode: number };
    responseTime?: number;
  };
  try {
    l = JSON.parse(line);
  } catch {
    continue;
  }
  if (!l.reqId) continue;
  if (l.req && l.time !== undefined && !l.res) {
    open.set(l.reqId, { route: `${l.req.method} ${l.req.url.split('?')[0]}`, at: l.time });
  } else if (l.res && l.responseTime !== undefined) {
    // Since issue 22 one line a request: "request completed" carries the request, arrived responseTime before.
    const r = l.req
      ? { route: `${l.req.method} ${l.req.url.split('?')[0]}`, at: (l.time ?? 0) - l.responseTime }
      : open.get(l.reqId);
    open.delete(l.reqId);
    if (!r || r.at < from || r.at > to) continue;
    let s = byRoute.get(r.route);
    if (!s) {
      s = { ms: [], other: 0 };
      byRoute.set(r.route, s);
    }
    s.ms.push(l.responseTime);
    if (l.res.statusCode !== 200) s.other++;
  }
}
const rows = [...byRoute.entries()]
  .map(([route, s]) => {
    const ms = s.ms.sort((a, b) => a - b);
    return {
      route,
      n: ms.length,
      other: s.other,
      p50: pct(ms, 50),
      p99: pct(ms, 99),
      total: ms.reduce((a, b) => a + b, 0),
    };
  })
  .sort((a, b) => b.total - a.total);
console.log('| route | requests | not 200 | p50 ms | p99 ms | total s |\n|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.route} | ${r.n} | ${r.other} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.total / 1000).toFixed(1)} |`,
  );
console.log(`requests: ${rows.reduce((a, r) => a + r.n, 0)}, still open at the end: ${open.size}`);
