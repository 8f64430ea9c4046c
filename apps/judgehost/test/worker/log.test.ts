import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { judgehostLogger, logTo } from '../../src/log.js';

// The judgehost's log (src/log.ts, pino): the JSON lines the embedded judgehost's parent and the tests read, the
// pretty lines of a terminal, and secrets never written.

const capture = (isTTY = false) => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    outputs: {
      out: { write: (s: string) => out.push(s), isTTY },
      err: { write: (s: string) => err.push(s), isTTY },
    },
  };
};

describe('judgehost log', () => {
  it('writes JSON lines: level name, ISO time, judgehost, msg and fields; info to out, warn and error to err', () => {
    const c = capture();
    const log = logTo(judgehostLogger('box-1', undefined, c.outputs));
    log('info', 'judged', { jobId: 7, phases: { run: 12 } });
    log('warn', 'lease failed, retrying', { inMs: 500 });
    log('error', 'result refused by the server', { jobId: 7 });
    expect(c.out).toHaveLength(1);
    expect(c.err).toHaveLength(2);
    const info = JSON.parse(c.out[0]);
    expect(info).toMatchObject({
      level: 'info',
      judgehost: 'box-1',
      msg: 'judged',
      jobId: 7,
      phases: { run: 12 },
    });
    expect(new Date(info.time).toISOString()).toBe(info.time);
    expect(c.err.map((l) => JSON.parse(l).level)).toEqual(['warn', 'error']);
  });

  it('never writes a password, token or cookie, at the top level or one object down', () => {
    const c = capture();
    const log = logTo(judgehostLogger('box-1', 'json', c.outputs));
    log('info', 'remote login', {
      account: { username: 'pool', password: 'hunter2-secret' },
      token: 'tok-123',
    });
    log('warn', 'remote submit failed', { password: 'hunter2-secret', cookie: 'sid=abc' });
    const text = [...c.out, ...c.err].join('');
    for (const secret of ['hunter2-secret', 'tok-123', 'sid=abc']) expect(text).not.toContain(secret);
    expect(JSON.parse(c.out[0]).account).toEqual({ username: 'pool', password: '[redacted]' });
  });

  it('writes pretty lines on a terminal (as the server does), JSON with LOG_FORMAT=json', () => {
    const tty = capture(true);
    logTo(judgehostLogger('box-1', undefined, tty.outputs))('info', 'starting', { workers: 2 });
    expect(stripVTControlCharacters(tty.out[0])).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}starting judgehost=box-1 workers=2\n$/,
    );
    expect(tty.out[0]).not.toBe(stripVTControlCharacters(tty.out[0]));
    const json = capture(true);
    logTo(judgehostLogger('box-1', 'json', json.outputs))('info', 'starting', { workers: 2 });
    expect(JSON.parse(json.out[0])).toMatchObject({ msg: 'starting', workers: 2 });
  });
});
