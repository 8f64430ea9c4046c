import { Writable } from 'node:stream';
import { inspect } from 'node:util';

/** pino's numeric levels and how a person reads them. */
const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 36 },
  30: { name: 'INFO ', color: 32 },
  40: { name: 'WARN ', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
};

/** Fields every line has (shown in the prefix or not at all). */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** One pino JSON line as a person reads it: `12:00:01 INFO  message key=value …`, coloured when `color`. */
export function prettyLine(json: string, color: boolean): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json);
  } catch {
    return json;
  }
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const level = LEVELS[Number(o.level)] ?? { name: String(o.level).toUpperCase().padEnd(5), color: 0 };
  const time = new Date(typeof o.time === 'number' ? o.time : Date.now()).toTimeString().slice(0, 8);
  let extra = '';
  let err = '';
  // Request logs: method, url and status on the line itself instead of nested objects.
  const req = o.req as { method?: string; url?: string } | undefined;
  const res = o.res as { statusCode?: number } | undefined;
  if (req?.method) extra += ` ${req.method} ${req.url}`;
  if (res?.statusCode) extra += ` ${res.statusCode}`;
  if (typeof o.responseTime === 'number') extra += ` ${o.responseTime.toFixed(1)}ms`;
  for (const [k, v] of Object.entries(o)) {
    if (HIDDEN.has(k) || k === 'req' || k === 'res' || k === 'responseTime') continue;
    if (k === 'err' && v && typeof v === 'object' && 'stack' in v) {
      err = `\n${paint(90, String((v as { stack: unknown }).stack))}`;
      continue;
    }
    const text = typeof v === 'string' ? v : inspect(v, { breakLength: Number.POSITIVE_INFINITY, depth: 3 });
    extra += ` ${paint(90, `${k}=`)}${text}`;
  }
  return `${paint(90, time)} ${paint(level.color, level.name)} ${o.msg ?? ''}${extra}${err}\n`;
}

/**
 * The log destination: pretty, coloured lines when standard output is a terminal (or LOG_FORMAT=pretty), JSON
 * lines otherwise (or LOG_FORMAT=json) for log collectors. Returns undefined for JSON (pino's own stdout).
 */
export function logStream(
  out: NodeJS.WriteStream = process.stdout,
  format = process.env.LOG_FORMAT,
): Writable | undefined {
  const pretty = format === 'pretty' || (format !== 'json' && out.isTTY === true);
  if (!pretty) return undefined;
  const color = out.isTTY === true && !process.env.NO_COLOR;
  return new Writable({
    write(chunk, _enc, done) {
      // pino writes one JSON line per call (sync destination).
      for (const line of String(chunk).split('\n')) if (line) out.write(prettyLine(line, color));
      done();
    },
  });
}
