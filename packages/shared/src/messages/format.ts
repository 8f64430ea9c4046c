import { MESSAGES } from './catalogue.js';

/** A key of the message catalogue: the only keys the server may send in `msgKey`. */
export type MessageKey = keyof typeof MESSAGES;

/** The `{name}` parameter names of a template string. */
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** The parameters a key's template names, each a string or number (an empty object type when it names none). */
export type MessageParamsOf<K extends MessageKey> = {
  [P in ParamNames<(typeof MESSAGES)[K]>]: string | number;
};

/** Parameters as sent on the wire (`msgParams`). */
export type MessageParams = Record<string, string | number>;

/** The argument list after a key: nothing for a template without parameters, else its parameters object. */
export type MessageArgs<K extends MessageKey> = [ParamNames<(typeof MESSAGES)[K]>] extends [never]
  ? []
  : [params: MessageParamsOf<K>];

/** The `{name}` parameter names of a template (runtime twin of ParamNames), in order of appearance. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** True when `key` is in the catalogue. */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(MESSAGES, key);
}

/**
 * The English text of `key` with `{name}` replaced by `params.name` (a missing parameter stays `{name}`).
 * Takes a catalogue key and its parameters; returns the text the server puts in `msg`.
 */
export function formatMessage(key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
