import fs from 'node:fs';

// Where a process's CPU went, from a `node --cpu-prof` profile (issue 22): self time summed per part (the package
// or the source directory a function lives in; node's own internals, the garbage collector, idle), then the top
// functions by self time, and with --from-stack=<pattern> the total (self + callees) time of the functions whose
// name or file matches.
//
//   npx tsx bench/lib/cpu-profile-summary.ts <file.cpuprofile> [--top=25] [--total=<regexp>] [--callers=<regexp>] [--window=<from>-<to>]
//
// Only the samples taken while the process was busy count in the percentages (idle left out). --window keeps the
// samples taken between two monotonic clock readings in µs (process.hrtime of any process on the machine: the
// profile's clock), as bench/contest/page-cpu.ts prints them for its counted rounds.

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [--top=25] [--total=<regexp>]');
const opt = new Map(rest.map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const top = Number(opt.get('top') ?? 25);
const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The part a function belongs to: the npm package, our source area, node internals or a V8 pseudo-frame. */
function partOf(n: Node): string {
  const { url, functionName } = n.callFrame;
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(program)') return '(program: V8/native)';
    return `(native) ${functionName}`;
  }
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const src = url.match(/(apps\/[^/]+\/src\/(?:[^/]+\/)?[^/]+|packages\/[^/]+\/src)/);
  return src ? src[1] : url;
}

const [fromUs, toUs] = (opt.get('window') ?? '-Infinity-Infinity')
  .match(/^(-?[\d.]+|-Infinity)-([\d.]+|Infinity)$/)
  ?.slice(1)
  .map(Number) ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
const selfMs = new Map<number, number>();
let at = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) {
  at += prof.timeDeltas[i] ?? 0;
  if (at < fromUs || at > toUs) continue;
  const id = prof.samples[i];
  selfMs.set(id, (selfMs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000);
}
let busy = 0;
let idle = 0;
const parts = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const n = byId.get(id) as Node;
  const part = partOf(n);
  if (part === '(idle)') {
    idle += ms;
    continue;
  }
  busy += ms;
  parts.set(part, (parts.get(part) ?? 0) + ms);
  const key = `${n.callFrame.functionName || '(anonymous)'} ${part}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + ms);
}
const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1)} %`;
console.log(`busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms\n\nself time per part:`);
for (const [p, ms] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(ms).padStart(7)}  ${ms.toFixed(0).padStart(6)} ms  ${p}`);
console.log('\nself time per function:');
for (const [f, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(ms).padStart(7)}  ${ms.toFixed(0).padStart(6)} ms  ${f}`);

// Who calls the matching leaf functions: their self time per chain of the 6 frames above them.
const callersRe = opt.get('callers');
if (callersRe) {
  const re = new RegExp(callersRe);
  const chains = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const n = byId.get(id) as Node;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${partOf(n)}:${n.callFrame.lineNumber + 1}`;
    if (!re.test(key)) continue;
    const chain: string[] = [];
    for (
      let cur = parent.get(id);
      cur !== undefined && chain.length < Number(opt.get('depth') ?? 6);
      cur = parent.get(cur)
    ) {
      const c = byId.get(cur) as Node;
      chain.push(`${c.callFrame.functionName || '(anonymous)'} ${partOf(c)}:${c.callFrame.lineNumber + 1}`);
    }
    const k = chain.join(' < ');
    chains.set(k, (chains.get(k) ?? 0) + ms);
  }
  console.log(`
callers of /${callersRe}/ (self time):`);
  for (const [c, ms] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(ms).padStart(7)}  ${ms.toFixed(0).padStart(6)} ms  < ${c}`);
}

// Total time (self + everything called) of matching frames: a sample counts once per matching function on its stack.
const totalRe = opt.get('total');
if (totalRe) {
  const re = new RegExp(totalRe);
  const total = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    if (partOf(byId.get(id) as Node) === '(idle)') continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur) as Node;
      const key = `${n.callFrame.functionName || '(anonymous)'} ${partOf(n)}:${n.callFrame.lineNumber + 1}`;
      if (!re.test(key) || seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  console.log(`\ntotal time (self + callees) of frames matching /${totalRe}/:`);
  for (const [f, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(ms).padStart(7)}  ${ms.toFixed(0).padStart(6)} ms  ${f}`);
}
