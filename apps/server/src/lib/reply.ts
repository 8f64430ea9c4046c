import type { ApiResponse } from '@oj/shared';

/** The success wrapper `{ status: 200, msg, data }` every handler returns. */
export function ok<T>(data: T, msg = 'success'): ApiResponse<T> {
  return { status: 200, msg, data };
}
