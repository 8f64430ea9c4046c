import { all, type MatrixRow } from './roles.js';

/** Operations: health is public (load balancers and monitors carry no session). */
export const opsRows: MatrixRow[] = [
  { method: 'GET', route: '/api/health', request: () => ({}), expect: all(200) },
];
