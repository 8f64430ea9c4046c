import { hustojProtocol } from './hustoj.js';
import { kattisProtocol } from './kattis.js';
import { testlibProtocol } from './testlib.js';
import type { CheckerProtocol } from './types.js';

export type { CheckerFiles, CheckerProtocol, CheckOutcome } from './types.js';

const PROTOCOLS: Record<CheckerProtocol['name'], CheckerProtocol> = {
  testlib: testlibProtocol,
  hustoj: hustojProtocol,
  kattis: kattisProtocol,
};

/** The registered special-judge protocol of that name (task.problem.spj.protocol). */
export function getProtocol(name: CheckerProtocol['name']): CheckerProtocol {
  return PROTOCOLS[name];
}
