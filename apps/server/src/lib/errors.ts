import { formatMessage, type MessageArgs, type MessageKey, type MessageParams } from '@oj/shared';

/**
 * An error a client caused or may see: becomes `{ status, msg, data, msgKey, msgParams }` with the given HTTP
 * status, `msg` the English text of the catalogue key (packages/shared messages) and `msgKey` / `msgParams` for
 * the client to translate. Thrown by services; the error plugin turns it into the response. Only catalogue keys
 * are accepted (typed), so the server cannot send a message the web app has no translation for.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly msgKey: MessageKey,
    public readonly msgParams: MessageParams = {},
    public readonly data: unknown = null,
  ) {
    super(formatMessage(msgKey, msgParams));
  }

  /** The response body `{ status, msg, data, msgKey, msgParams }`. */
  body() {
    return {
      status: this.statusCode,
      msg: this.message,
      data: this.data,
      msgKey: this.msgKey,
      msgParams: this.msgParams,
    };
  }
}

/** An AppError of HTTP `status` with `key` and its typed parameters (none for a key without parameters). */
export function appError<K extends MessageKey>(status: number, key: K, ...args: MessageArgs<K>): AppError {
  return new AppError(status, key, (args[0] ?? {}) as MessageParams);
}

/** 400 with `key` (its parameters typed from the catalogue template). */
export const badRequest = <K extends MessageKey>(key: K, ...args: MessageArgs<K>) =>
  appError(400, key, ...args);
/** 401, by default "Please login first". */
export const unauthorized = <K extends MessageKey = 'common.loginFirst'>(key?: K, ...args: MessageArgs<K>) =>
  appError(401, key ?? ('common.loginFirst' as K), ...args);
/** 403, by default "You do not have permission to do this". */
export const forbidden = <K extends MessageKey = 'common.noPermission'>(key?: K, ...args: MessageArgs<K>) =>
  appError(403, key ?? ('common.noPermission' as K), ...args);
/** 404, by default "The requested resource could not be found". */
export const notFound = <K extends MessageKey = 'common.notFound'>(key?: K, ...args: MessageArgs<K>) =>
  appError(404, key ?? ('common.notFound' as K), ...args);
/** 429, by default "Too many requests, please try again later". */
export const tooMany = <K extends MessageKey = 'common.tooManyRequests'>(key?: K, ...args: MessageArgs<K>) =>
  appError(429, key ?? ('common.tooManyRequests' as K), ...args);
