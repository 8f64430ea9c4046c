/**
 * An error a client caused or may see: becomes `{ status, msg, data: null }` with the given HTTP status.
 * Thrown by services; the error plugin turns it into the response.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg = 'Please login first') => new AppError(401, msg);
export const forbidden = (msg = 'You do not have permission to do this') => new AppError(403, msg);
export const notFound = (msg = 'The requested resource could not be found') => new AppError(404, msg);
export const tooMany = (msg = 'Too many requests, please try again later') => new AppError(429, msg);
