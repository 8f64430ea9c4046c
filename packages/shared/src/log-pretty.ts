import { inspect } from 'node:util';

/**
 * How a person reads one pino JSON line: the server's and the judgehost's log on a terminal (Node only). Levels are
 * pino's numbers (the server) or their names (the judgehost's JSON lines keep `"level":"info"`).
 */

/** pino's levels, by number and by name, and how a person reads them. */
const LEVELS: Record<string, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 36 },
  30: { name: 'INFO ', color: 32 },
  40: { name: 'WARN ', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
  trace: { name: 'TRACE', color: 90 },
  debug: { name: 'DEBUG', color: 36 },
  info: { name: 'INFO ', color: 32 },
  warn: { name: 'WARN ', color: 33 },
  error: { name: 'ERROR', color: 31 },
  fatal: { name: 'FATAL', color: 35 },
};

/** Fields every line has (shown in the prefix or not at all). */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/**
 * One pino JSON line as a person reads it: `12:00:01 INFO  message key=value …` plus a newline, coloured when
 * `color`; the time is `time` (ms since the epoch or an ISO string). Text that is not JSON is returned as it is.
 */
export function prettyLine(json: string, color: boolean): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json);
  } catch {
    return json;
  }
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const level = LEVELS[String(o.level)] ?? { name: String(o.level).toUpperCase().padEnd(5), color: 0 };
  const at = typeof o.time === 'number' || typeof o.time === 'string' ? new Date(o.time) : new Date();
  const time = (Number.isNaN(at.getTime()) ? new Date() : at).toTimeString().slice(0, 8);
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
