import { describe, expect, it } from 'vitest';

/**
 * `zod-jitless.ts` sets zod's global config without importing zod (so zod stays out of the entry chunk). If zod
 * moved its config elsewhere, object parsing would probe `new Function` again: a CSP violation on every page with a
 * form (e2e `csp.test.ts` sees that too, after a build).
 */
describe('zod-jitless', () => {
  it('makes zod parse without compiling, when imported before zod', async () => {
    await import('./zod-jitless.js');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    const calls: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
