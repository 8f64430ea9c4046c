import type { BoxRunResult, BoxRunSpec, BoxSession } from './session.js';

const hex = (value: string) => Buffer.from(value).toString('hex');
const HANDSHAKE_MS = 10_000;

/**
 * An interactive run (docs/sandbox.md "Box sessions"): `specA` in session `a` and `specB` in session `b` (two
 * sessions, so two uids, boxes and cgroups), a's stdout feeding b's stdin and b's stdout feeding a's stdin
 * through two kernel FIFOs that the supervisors make in their root-only dirs (nothing is copied through the
 * judgehost). Neither program starts before both pipes are whole; when one side exits its write end closes, so
 * the other reads end-of-file or gets SIGPIPE. stdin/stdout of the specs are ignored (stderr and the output
 * file are kept). Both sessions are taken for the whole run: do not run pairs over the same two sessions in
 * opposite roles at the same time. Never rejects: failures are SE results.
 */
export function runBoxPair(
  a: BoxSession,
  specA: BoxRunSpec,
  b: BoxSession,
  specB: BoxRunSpec,
): Promise<[BoxRunResult, BoxRunResult]> {
  const pair = () => b.exclusive(() => handshake(a, specA, b, specB));
  return a.exclusive(pair).catch((error: Error) => [a.failed(error.message), b.failed(error.message)]);
}

async function handshake(
  a: BoxSession,
  specA: BoxRunSpec,
  b: BoxSession,
  specB: BoxRunSpec,
): Promise<[BoxRunResult, BoxRunResult]> {
  const sides = [
    { session: a, spec: specA, peer: b },
    { session: b, spec: specB, peer: a },
  ];
  // A side that fails a step answers with its result line; the other is told to abort and answers with its own.
  const sent = sides.map(({ session, spec }) => session.send(spec, true));
  let lines: Array<string | null> = sides.map(() => null);
  const step = async (expected: string, next: (side: (typeof sides)[number]) => string): Promise<boolean> => {
    lines = await Promise.all(
      sides.map(({ session }, i) => (sent[i] ? null : session.readLine(HANDSHAKE_MS))),
    );
    const ok = lines.every((line) => line === expected);
    sides.forEach((side, i) => {
      if (lines[i] === expected) side.session.sendLine(ok ? next(side) : 'abort');
    });
    if (!ok) {
      // those that were told to abort answer with an SE result line now
      lines = await Promise.all(
        sides.map(({ session }, i) => (lines[i] === expected ? session.readLine(HANDSHAKE_MS) : lines[i])),
      );
    }
    return ok;
  };
  if (sent.every((problem) => problem === null)) {
    const connected =
      (await step('opened', ({ peer }) => `connect ${hex(`${peer.root}/out/pi`)}`)) &&
      (await step('connected', () => 'go'));
    if (connected) {
      const results = await Promise.all(sides.map(({ session, spec }) => session.finish(spec, true)));
      return [results[0], results[1]];
    }
  } else {
    // one request was refused before it reached its supervisor: abort the other one, if sent
    const i = sent.indexOf(null);
    if (i >= 0) {
      const first = await sides[i].session.readLine(HANDSHAKE_MS);
      if (first === 'opened') sides[i].session.sendLine('abort');
      lines[i] = first === 'opened' ? await sides[i].session.readLine(HANDSHAKE_MS) : first;
    }
  }
  const results = sides.map(({ session, spec }, i) =>
    sent[i] ? session.failed(sent[i]) : session.finish(spec, true, lines[i]),
  );
  return [await results[0], await results[1]];
}
