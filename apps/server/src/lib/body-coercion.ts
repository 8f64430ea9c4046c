import { type ZodType, z } from 'zod';

/**
 * Number coercion for JSON bodies. The route schemas use `z.coerce.number()` so that query strings ("12") become
 * numbers; in a JSON body that same coercion turned `true` into 1, `null`, `""` and `[]` into 0 (issue 8, finding
 * 11: `{"submitId": true}` was submission 1). `bodySchema` returns a copy of a route's body schema whose coercing
 * numbers take numbers and numeric strings only; anything else fails validation with a 400 naming the field.
 * Applied once, by the validator compiler in app.ts, to every body schema; query and params keep full coercion.
 */
const cache = new WeakMap<object, ZodType>();

type Def = Record<string, unknown> & { type?: string; coerce?: boolean };
const isSchema = (v: unknown): v is ZodType => !!v && typeof v === 'object' && '_zod' in v;

const numericString = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** The body-safe copy of `schema` (the same object when nothing in it coerces numbers). */
export function bodySchema<T>(schema: T): T {
  if (!isSchema(schema)) return schema;
  const hit = cache.get(schema);
  if (hit) return hit as T;
  cache.set(schema, schema); // cycles (a schema reached again while walking) keep the original
  const def = schema._zod.def as unknown as Def;
  let out: ZodType = schema;
  if (def.type === 'number' && def.coerce) {
    out = z.preprocess(
      numericString,
      (schema as unknown as { clone(d: Def): ZodType }).clone({ ...def, coerce: false }),
    );
  } else {
    const next: Def = { ...def };
    let changed = false;
    for (const [k, v] of Object.entries(def)) {
      if (isSchema(v)) {
        const w = bodySchema(v);
        if (w !== v) {
          next[k] = w;
          changed = true;
        }
      } else if (Array.isArray(v) && v.some(isSchema)) {
        const w = v.map((x) => bodySchema(x));
        if (w.some((x, i) => x !== v[i])) {
          next[k] = w;
          changed = true;
        }
      } else if (k === 'shape' && v && typeof v === 'object') {
        const entries = Object.entries(v as Record<string, unknown>);
        const w = Object.fromEntries(entries.map(([n, x]) => [n, bodySchema(x)]));
        if (entries.some(([n, x]) => w[n] !== x)) {
          next[k] = w;
          changed = true;
        }
      }
    }
    if (changed) out = (schema as unknown as { clone(d: Def): ZodType }).clone(next);
  }
  cache.set(schema, out);
  return out as T;
}
