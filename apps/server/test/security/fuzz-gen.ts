import fc from 'fast-check';

/**
 * Request generators of the fuzzing test (issue 8, "tests that stay"): hostile values for every field a route's
 * schema names (wrong types, huge and negative numbers, NUL, lone surrogates, 1 MB strings, 10,000-element
 * arrays, prototype keys) and hostile bodies (bad JSON, malformed and truncated multipart, XML bombs).
 */

export type FuzzRole = 'anonymous' | 'user' | 'root' | 'judge';

/** A registered route as the fuzzer sees it: method, URL pattern and its zod schemas. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** One generated request, printable so that a failure can be read and replayed. */
export interface FuzzRequest {
  method: string;
  url: string;
  role: FuzzRole;
  headers: Record<string, string>;
  /** The raw body sent (string or bytes), if any. */
  body?: string | Buffer;
}

const MB = 1024 * 1024;

/** Scalars and strings that have broken servers before. */
const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1e308,
      -1e308,
      2 ** 31,
      // Page numbers whose offset overflows 32 bits at page sizes 10, 100 and 300 (issue 23).
      214748366,
      21474837,
      7158279,
      2 ** 53 + 2,
      1e21,
      0.5,
      true,
      false,
      null,
      '',
      ' ',
      '0',
      '-1',
      '1e308',
      'NaN',
      'Infinity',
      '99999999999999999999999',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00',
      '\ud83d\ude00',
      '__proto__',
      'constructor',
      '../../../../etc/passwd',
      "' OR '1'='1",
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '%00',
      'ACM',
      'C++',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(MB)) },
  { weight: 1, arbitrary: fc.constant('\u0000'.repeat(1000)) },
);

/** A nasty value of any JSON shape, including 10,000-element arrays and prototype keys. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, () => 'a\u0000')) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constant({ constructor: { prototype: { admin: true } }, toString: 1, hasOwnProperty: 'x' }),
  },
);

type Def = {
  type?: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: unknown;
  element?: unknown;
};
const defOf = (s: unknown): Def | null =>
  s && typeof s === 'object' && '_zod' in s ? ((s as { _zod: { def: Def } })._zod.def ?? null) : null;

/** The object shape or array element under wrappers (optional, default, pipe…), or null for a scalar. */
function unwrap(s: unknown, depth = 0): { shape?: Record<string, unknown>; element?: unknown } | null {
  const d = defOf(s);
  if (!d || depth > 10) return null;
  if (d.type === 'object') return { shape: d.shape as Record<string, unknown> };
  if (d.type === 'array') return { element: d.element };
  if (d.innerType) return unwrap(d.innerType, depth + 1);
  if (d.type === 'pipe') return unwrap(defOf(d.in)?.type === 'transform' ? d.out : d.in, depth + 1);
  return null;
}

/** Values shaped like `schema` (objects keep their field names, to reach past the first check) with nasty leaves. */
function shaped(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const u = unwrap(schema);
  if (depth < 4 && u?.shape) {
    const keys = Object.keys(u.shape);
    const model = Object.fromEntries(keys.map((k) => [k, shaped(u.shape?.[k], depth + 1)]));
    return fc.oneof(
      { weight: 4, arbitrary: fc.record(model, { requiredKeys: [] }) },
      { weight: 1, arbitrary: nastyValue },
    );
  }
  if (depth < 4 && u?.element) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(shaped(u.element, depth + 1), { maxLength: 4 }) },
      { weight: 1, arbitrary: nastyValue },
    );
  }
  return nastyValue;
}

/** Query strings: known keys with hostile text, raw percent escapes (bad UTF-8, NUL) and prototype keys. */
function queryArb(schema: unknown): fc.Arbitrary<string> {
  const keys = Object.keys(unwrap(schema)?.shape ?? {});
  const key = fc.oneof(
    { weight: 5, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', '') },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: nastyScalar.map((v) => encodeValue(v)) },
    { weight: 2, arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%', '%zz', '%FF%FE', 'a%00b') },
    { weight: 1, arbitrary: fc.constant('9'.repeat(8000)) },
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}

function encodeValue(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s.length > 8000 ? s.slice(0, 8000) : s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be percent-encoded as UTF-8: send its raw bytes
  }
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
/** Multipart bodies: truncated, bad boundary, wrong field, hostile files (zip garbage, XML entities and depth). */
const multipartArb: fc.Arbitrary<{ body: string | Buffer; type: string }> = fc.oneof(
  fc.constant({
    body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n<fps>`,
    type: `multipart/form-data; boundary=${boundary}`,
  }),
  fc.constant({ body: 'not multipart at all', type: `multipart/form-data; boundary=${boundary}` }),
  fc.constant({ body: `--${boundary}--\r\n`, type: 'multipart/form-data' }),
  fc.constant({
    body: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  }),
  fc
    .tuple(
      fc.constantFrom('file', 'image'),
      fc.constantFrom('a.zip', 'a.xml', 'a.png', '\u0000.zip', '../../x.zip', ''),
      fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
        fc.constant(Buffer.from('PK\u0003\u0004garbage-zip-header')),
        fc.constant(
          Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><fps><item><title>&e;</title></item></fps>',
          ),
        ),
        fc.constant(Buffer.from(`<fps>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</fps>`)),
        fc.constant(Buffer.from('<fps><item><title>t</title><time_limit>1e308</time_limit></item></fps>')),
      ),
    )
    .map(([field, name, data]) => ({
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      type: `multipart/form-data; boundary=${boundary}`,
    })),
);

/** Bodies: shaped JSON, raw bad JSON, prototype pollution, wrong content types, multipart. */
function bodyArb(schema: unknown): fc.Arbitrary<{ body: string | Buffer; type: string } | null> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: shaped(schema, 0).map((v) => ({
        body: JSON.stringify(v) ?? 'null',
        type: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '[',
          '"\\ud800"',
          '{"a":"\\u0000"}',
          'null',
          '1e999',
          '',
          '{}'.repeat(3),
        )
        .map((body) => ({ body, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
        type: 'application/json',
      }),
    },
    { weight: 1, arbitrary: fc.constant({ body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }) },
    { weight: 1, arbitrary: fc.constant({ body: 'plain', type: 'text/plain' }) },
    { weight: 2, arbitrary: multipartArb },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

const paramArb = fc.oneof(
  nastyScalar.map((v) => encodeValue(v).slice(0, 300) || 'x'),
  fc.constantFrom('%00', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd', '0'.repeat(64), 'a'.repeat(64)),
);

/** Requests for `routes` (judge protocol routes as `judge`, others as anonymous, user and super admin). */
export function requestArb(routes: FuzzRoute[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((r) => {
    const roles: FuzzRole[] = r.url.startsWith('/api/judge/')
      ? ['judge', 'anonymous']
      : ['anonymous', 'user', 'root'];
    const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
    return fc
      .record({
        role: fc.constantFrom(...roles),
        query: queryArb(r.schema?.querystring),
        params: fc.array(paramArb, { minLength: 3, maxLength: 3 }),
        body: hasBody ? bodyArb(r.schema?.body) : fc.constant(null),
        ip: fc.ipV4(),
      })
      .map(({ role, query, params, body, ip }) => {
        let i = 0;
        const path = r.url.replace(/:[A-Za-z]+/g, () => params[i++] ?? 'x');
        const headers: Record<string, string> = { 'x-forwarded-for': ip };
        if (body) headers['content-type'] = body.type;
        return { method: r.method, url: query ? `${path}?${query}` : path, role, headers, body: body?.body };
      });
  });
}

/** The request as one line for a failure message (bodies cut to 300 characters). */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body == null
      ? ''
      : ` body(${r.headers['content-type']}, ${r.body.length} B)=${String(r.body).slice(0, 300)}`;
  return `${r.role} ${r.method} ${r.url.slice(0, 300)}${body}`;
}
