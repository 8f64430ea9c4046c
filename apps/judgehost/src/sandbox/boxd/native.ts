import { mkdir } from 'node:fs/promises';
import { buildHelper } from '../native.js';

/** Headers the box-session helpers include: part of their version hash. */
const HEADERS = ['oj-boxd.h', 'oj-util.h', 'oj-boxd-io.h'];

export interface BoxdHelpers {
  /** The session supervisor (root, on the host). */
  supervisor: string;
  /** pid 1 of the persistent box. */
  agent: string;
}

/**
 * Compiles `native/oj-boxd.c` and `native/oj-agent.c` (static) into `<dir>/bin`, once per source version (the
 * name carries a hash of the source and its headers). Returns their paths; throws when gcc fails.
 */
export async function buildBoxdHelpers(dir: string): Promise<BoxdHelpers> {
  const binDir = `${dir}/bin`;
  await mkdir(binDir, { recursive: true, mode: 0o755 });
  const [supervisor, agent] = await Promise.all([
    buildHelper('oj-boxd', binDir, { headers: HEADERS }),
    buildHelper('oj-agent', binDir, { headers: HEADERS }),
  ]);
  return { supervisor, agent };
}
