import { currentPageField, LIMITS } from '@oj/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveAc, makePeople, type People, postDiscussion } from '../community/community-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../problem/fixtures.js';

// Issue 23 §2b item 4: page numbers are clamped in the one shared field (packages/shared currentPageField), so
// that no list computes an offset beyond 32 bits (GET /api/comments?currentPage=214748366 was a 500).

let t: TestApp;
let p: People;
/** Every route whose query string or body has a `currentPage`, with that field's schema. */
const paged: { route: string; field: unknown }[] = [];
const INT4_MAX = 2 ** 31 - 1;

type Shaped = { _zod?: { def?: { shape?: Record<string, unknown>; innerType?: unknown } } };
/** The object shape of a route schema (under optional/default wrappers), or null. */
function shapeOf(s: unknown): Record<string, unknown> | null {
  let d = (s as Shaped | undefined)?._zod?.def;
  for (let i = 0; d && !d.shape && d.innerType && i < 5; i++) d = (d.innerType as Shaped)._zod?.def;
  return d?.shape ?? null;
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r) => {
        const schema = (r as { schema?: { querystring?: unknown; body?: unknown } }).schema;
        for (const part of [schema?.querystring, schema?.body]) {
          const field = shapeOf(part)?.currentPage;
          if (field) paged.push({ route: `${[r.method].flat().join(',')} ${r.url}`, field });
        }
      },
    },
  );
  p = await makePeople(t.ctx, 'pg_');
  await giveAc(t.ctx, p.ann.uid, 10);
});
afterAll(async () => t?.close());

describe('page numbers', () => {
  it('every list reads its page number through the one shared, clamped field', () => {
    expect(paged.length).toBeGreaterThan(30);
    const other = paged.filter((x) => x.field !== currentPageField).map((x) => x.route);
    expect(other, 'lists with their own currentPage schema').toEqual([]);
  });

  it('fuzz: any page number reads as a whole number from 1 to LIMITS.pageNumberMax, whose offset fits 32 bits', () => {
    const raw = fc.oneof(
      fc.integer(),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.double().map(String),
      fc.constantFrom(
        '214748366',
        '21474837',
        '7158279',
        '2147483648',
        '1e308',
        'NaN',
        '',
        ' ',
        '-0',
        '0x10',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(raw, (v) => {
        const n = currentPageField.parse(v);
        return Number.isInteger(n) && n >= 1 && n <= LIMITS.pageNumberMax && (n - 1) * 300 <= INT4_MAX;
      }),
      { numRuns: 2000, seed: 2023 },
    );
    expect(currentPageField.parse('214748366')).toBe(LIMITS.pageNumberMax);
    expect(currentPageField.parse(undefined)).toBe(1);
    expect(currentPageField.parse('7')).toBe(7);
  });

  it('GET /api/comments?currentPage=214748366 answers an empty last page, not a 500', async () => {
    const did = await postDiscussion(t.app, p.ann);
    const r = await call(t.app, { method: 'GET', url: `/api/comments?did=${did}&currentPage=214748366` });
    expect(r.code).toBe(200);
    expect(r.body.data.commentList).toMatchObject({ records: [], current: LIMITS.pageNumberMax });
    const lists = [
      '/api/get-problem-list?currentPage=214748366&limit=300',
      '/api/get-contest-list?currentPage=99999999999999999999&limit=300',
      '/api/get-submission-list?currentPage=214748366&limit=100',
      '/api/get-rank-list?currentPage=214748366&limit=300&type=0',
    ];
    for (const url of lists) {
      const res = await call(t.app, { method: 'GET', url, token: p.root.token });
      expect(res.code, url).toBe(200);
    }
  });
});
