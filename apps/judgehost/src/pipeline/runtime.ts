import type { Language } from '../languages/types.js';
import type { RunPair, RunResult, RunSpec } from '../sandbox/types.js';

/** What the pipeline needs from the sandbox and the language registry (injected so tests can stand in). */
export interface Runtime {
  /** The registered language of that name, or undefined. */
  getLanguage(name: string): Language | undefined;
  runSandboxed(spec: RunSpec): Promise<RunResult>;
  runPair: RunPair;
}

/** The real runtime: `sandbox/index.ts` and `languages/index.ts`, loaded on first use. */
export async function defaultRuntime(): Promise<Runtime> {
  const [sandbox, languages] = await Promise.all([
    import('../sandbox/index.js'),
    import('../languages/index.js'),
  ]);
  return {
    getLanguage: (name) => languages.getLanguage(name) ?? undefined,
    runSandboxed: sandbox.runSandboxed,
    runPair: sandbox.runPair,
  };
}
