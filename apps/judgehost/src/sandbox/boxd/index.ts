/**
 * Box sessions (docs/sandbox.md "Box sessions"): one persistent bubblewrap box per submission, reset between
 * runs. `openBoxSession(options)` → `session.run(spec)` many times → `session.close()`.
 */
export { PROGRAM_DIR } from './args.js';
export { CompileBox, type CompileRunSpec, compileInBox } from './compile.js';
export { runBoxPair } from './pair.js';
export {
  type BoxRunResult,
  type BoxRunSpec,
  BoxSession,
  type BoxSessionOptions,
  openBoxSession,
  readCapped,
  type SessionFile,
  withBoxSession,
} from './session.js';
