import { Writable } from 'node:stream';
import { prettyLine } from '@oj/shared/log-pretty';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export { prettyLine } from '@oj/shared/log-pretty';

/** Log text waiting for a slow reader past this is dropped: a stuck log collector never stalls nor bloats the server. */
export const LOG_BACKLOG_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The log destination pino writes to: pretty, coloured lines when standard output is a terminal (or
 * LOG_FORMAT=pretty), JSON lines otherwise (or LOG_FORMAT=json) for log collectors. Takes the output stream (default
 * process.stdout) and the format; returns a Writable fed one JSON line per write.
 *
 * Every line goes through `out`, libuv's non-blocking writes: never pino's default synchronous writes to fd 1, which
 * on a pipe or socket whose reader stopped reading (full, O_NONBLOCK since process.stdout opened it) retried every
 * 100 ms on the event loop for as long as the reader stayed (issue 22: a server alive 60 s after SIGTERM, past its
 * hard-exit timer, its main thread in that retry). Past LOG_BACKLOG_MAX_BYTES not yet taken by the reader, lines
 * are dropped and counted (a warning line says how many once the reader catches up). An error on `out` (EPIPE: the
 * reader is gone) ends logging quietly instead of crashing the server.
 */
export function logStream(
  out: NodeJS.WriteStream = process.stdout,
  format = process.env.LOG_FORMAT,
): Writable {
  const pretty = format === 'pretty' || (format !== 'json' && out.isTTY === true);
  const color = pretty && out.isTTY === true && !process.env.NO_COLOR;
  const render = (line: string) => (pretty ? prettyLine(line, color) : `${line}\n`);
  let broken = false;
  let dropped = 0;
  out.on?.('error', () => {
    broken = true;
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      if (broken) return done();
      // out.writableLength: what libuv has not yet handed to the reader.
      if ((out.writableLength ?? 0) > LOG_BACKLOG_MAX_BYTES) {
        for (const line of String(chunk).split('\n')) if (line) dropped++;
        return done();
      }
      if (dropped > 0 && (out.writableLength ?? 0) < LOG_BACKLOG_MAX_BYTES / 2) {
        const msg = 'log lines dropped: the log reader did not keep up';
        held.push(render(JSON.stringify({ level: 40, time: Date.now(), msg, dropped })));
        dropped = 0;
      }
      // pino writes one JSON line per call. The first line of an event-loop turn goes out at once; the lines that
      // follow it in the same turn are joined and written once at the turn's end (one write, one system call for
      // a busy turn's hundreds of request lines, issue 22), and at the latest when the process exits.
      for (const line of String(chunk).split('\n')) if (line) held.push(render(line));
      if (!flushing) {
        flush();
        flushing = setImmediate(flush);
      }
      done();
    },
  });
  let held: string[] = [];
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    if (!broken) {
      // Lines joined up to PIPE_BUF bytes a write: a pipe takes such a write whole or not at all, so a reader never
      // gets a torn line, even from a process that exits with writes still queued.
      let chunk = '';
      let bytes = 0;
      for (const line of held) {
        const n = Buffer.byteLength(line);
        if (chunk && bytes + n > PIPE_BUF) {
          out.write(chunk);
          chunk = '';
          bytes = 0;
        }
        chunk += line;
        bytes += n;
      }
      if (chunk) out.write(chunk);
    }
    held = [];
    flushing = null;
  };
  flushAtExit.add(flush);
  if (flushAtExit.size === 1)
    process.once('exit', () => {
      for (const f of flushAtExit) f();
    });
  return stream;
}

/** Linux's atomic pipe write size (bytes). */
const PIPE_BUF = 4096;

/** The log streams' held lines, written when the process exits (process.exit in the middle of a turn). */
const flushAtExit = new Set<() => void>();

/**
 * Fastify's request log lines, one per request (issue 22: two JSON lines a request were a tenth of a contest page's
 * server CPU): "request completed" (or "request errored", level error) carries the request (method, url, host,
 * remote address and port), the status and the response time in ms; the arrival is its time minus responseTime.
 * The "incoming request" line is kept at debug level (LOG_LEVEL=debug) for tracing requests that never complete.
 * Every other line of Fastify (route errors, stream errors, the 503 while closing) is unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    // pino's debug() is a no-op above debug level: nothing is serialized then.
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
