import { all, type MatrixRow, url } from './roles.js';

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
];
