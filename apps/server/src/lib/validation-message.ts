import { isMessageKey, type MessageKey, type MessageParams } from '@oj/shared';

/** One schema-validation failure as fastify-type-provider-zod reports it (a zod issue). */
export interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : String(v));

/**
 * The catalogue key and parameters of a schema-validation failure on `field` (a dotted path such as
 * `problem.title`, or the request part; `missing` when the request holds no value there): the zod issue code and
 * its bounds pick the key, so the client can translate it; an issue without its own key is `validation.invalid`
 * with zod's English message as `detail`.
 */
export function validationMessage(
  issue: ValidationIssue | undefined,
  field: string,
  missing = false,
): { key: MessageKey; params: MessageParams } {
  const p = issue?.params ?? {};
  const origin = p.origin;
  const at = (key: MessageKey, extra: MessageParams = {}) => ({ key, params: { field, ...extra } });
  // A shared schema may name a catalogue key as its message (e.g. problemFieldRules): that key, with the bounds.
  if (isMessageKey(issue?.message)) {
    const bounds: MessageParams = {};
    if (typeof p.minimum === 'number') bounds.min = p.minimum;
    if (typeof p.maximum === 'number') bounds.max = p.maximum;
    return at(issue.message, bounds);
  }
  switch (issue?.keyword) {
    case 'invalid_type':
      if (missing || /received undefined/.test(issue.message ?? '')) return at('validation.required');
      return at('validation.wrongType', { expected: String(p.expected ?? '') });
    case 'too_big':
      if (origin === 'string') return at('validation.tooLong', { max: Number(p.maximum) });
      if (origin === 'array' || origin === 'set')
        return at('validation.tooManyItems', { max: Number(p.maximum) });
      if (origin === 'number' || origin === 'int' || origin === 'bigint')
        return at('validation.tooBig', { max: Number(p.maximum) });
      break;
    case 'too_small':
      if (origin === 'string')
        return Number(p.minimum) <= 1
          ? at('validation.required')
          : at('validation.tooShort', { min: Number(p.minimum) });
      if (origin === 'array' || origin === 'set')
        return at('validation.tooFewItems', { min: Number(p.minimum) });
      if (origin === 'number' || origin === 'int' || origin === 'bigint')
        return at('validation.tooSmall', { min: Number(p.minimum) });
      break;
    case 'invalid_format':
      // A pattern of our own carries its explanation in the message: keep it.
      if (p.format === 'regex') break;
      return at('validation.badFormat', { format: String(p.format ?? 'value') });
    case 'invalid_value':
      return at('validation.oneOf', { values: list(p.values) });
    case 'unrecognized_keys':
      return at('validation.unknownKeys', { keys: list(p.keys) });
  }
  return at('validation.invalid', { detail: issue?.message ?? 'invalid value' });
}
