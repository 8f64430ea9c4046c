import { all, type MatrixRow, signedIn, url } from './roles.js';

/** The judge protocol: the judge token, whatever the role. */
export const judgeRows: MatrixRow[] = [
  ...(
    [
      ['POST', '/api/judge/register'],
      ['POST', '/api/judge/heartbeat'],
      ['POST', '/api/judge/lease'],
      ['POST', '/api/judge/progress'],
      ['POST', '/api/judge/result'],
      ['POST', '/api/judge/release'],
      ['GET', '/api/judge/blob/:hash'],
    ] as const
  ).flatMap(([method, route]): MatrixRow[] => {
    const path = route.replace(':hash', '0'.repeat(64));
    return [
      { method, route, what: 'no judge token', request: url(path), expect: all(401) },
      {
        method,
        route,
        what: 'with the judge token: past the check (400 for an empty body, 404 for an unknown blob)',
        request: (s) => ({
          url: path,
          headers: { 'x-judge-token': s.judgeToken },
          ...(method === 'POST' ? { payload: {} } : {}),
        }),
        expect: all(method === 'GET' ? 404 : 400),
      },
    ];
  }),
  // Queue positions (issue 29 part 2): any signed-in caller; the answer lists only their own queued submissions
  // (admins: anyone's), checked in judge/queue-position.test.ts.
  {
    method: 'POST',
    route: '/api/get-queue-positions',
    what: "a pending submission's position (its owner `other`; the others get an empty list)",
    request: (s) => ({ payload: { submitIds: [s.otherSubmitId] } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/get-queue-positions',
    what: 'an empty list is refused (400 naming submitIds) after the sign-in check',
    request: () => ({ payload: { submitIds: [] } }),
    expect: signedIn(400),
  },
];
