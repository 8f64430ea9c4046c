import { prettyLine } from '@oj/shared/log-pretty';
import pino from 'pino';

/** The judgehost's log call: a level, a message, and fields (the worker, the remote judge and main call it). */
export type JudgehostLog = (
  level: 'info' | 'warn' | 'error',
  msg: string,
  extra?: Record<string, unknown>,
) => void;

/**
 * Fields never written, whatever a caller passes (a remote-judge account's password, the judge token, a cookie):
 * pino's redact, at the top level and one object down (`account.password`).
 */
export const REDACTED_FIELDS = ['password', 'token', 'cookie', 'authorization', 'secret'].flatMap((k) => [
  k,
  `*.${k}`,
]);

/** Where log lines go: info to `out`, warn and error to `err` (default process.stdout and process.stderr). */
export interface LogOutputs {
  out?: { write(s: string): unknown; isTTY?: boolean };
  err?: { write(s: string): unknown; isTTY?: boolean };
}

/**
 * The judgehost's logger (pino), as the server's: pretty lines (`12:00:01 INFO  judged judgehost=… jobId=…`,
 * coloured unless NO_COLOR) when `out` is a terminal and `format` is not 'json', or when `format` is 'pretty';
 * else one JSON line per event (`{"level":"info","time":"<ISO>","judgehost":name,"msg":…,…fields}`), which the
 * embedded judgehost's parent, the tests and log collectors read. Info goes to `out`, warn and error to `err`, as
 * console.log / console.warn did. Secret fields (REDACTED_FIELDS) are written as "[redacted]".
 */
export function judgehostLogger(name: string, format?: string, outputs: LogOutputs = {}): pino.Logger {
  const out = outputs.out ?? process.stdout;
  const err = outputs.err ?? process.stderr;
  const pretty = format === 'pretty' || (format !== 'json' && out.isTTY === true);
  const color = pretty && out.isTTY === true && !process.env.NO_COLOR;
  const to = (w: NonNullable<LogOutputs['out']>) => ({
    write: (line: string) => w.write(pretty ? prettyLine(line.trimEnd(), color) : line),
  });
  return pino(
    {
      base: { judgehost: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
    },
    pino.multistream(
      [
        { level: 'info', stream: to(out) },
        { level: 'warn', stream: to(err) },
      ],
      { dedupe: true },
    ),
  );
}

/** The log call (JudgehostLog) writing through `logger`. */
export function logTo(logger: pino.Logger): JudgehostLog {
  return (level, msg, extra) => logger[level](extra ?? {}, msg);
}
