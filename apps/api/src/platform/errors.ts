/**
 * The one error type services throw. The HTTP error handler maps its code to a
 * status and answers `{ success: false, message, code, errors? }`.
 */

/** Every error code the API answers, and its HTTP status. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_PENDING: 403,
  ACCOUNT_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = 'AppError';

  /**
   * @param code one of `errorStatus`' keys; decides the HTTP status.
   * @param message the sentence the screen shows, in the product's words.
   * @param errors per-field messages, keyed by the field's dotted path.
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}

/** `new AppError('NOT_FOUND', message)`, for the common case. */
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
/** `new AppError('FORBIDDEN', message)`. */
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
/** `new AppError('CONFLICT', message)`. */
export const conflict = (message: string) => new AppError('CONFLICT', message);
