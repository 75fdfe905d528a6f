import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDataError } from '../db/constraint-errors.js';
import { isRetryableConflict } from '../db/transactions.js';
import { AppError, type ErrorCode, errorStatus } from '../errors.js';
import { drainBody } from './drain-body.js';

/** The JSON body of every error (contract `apiError`). */
interface ErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: Record<string, string>;
}

/** Answered when the database refuses a value the contract let through (see `isDataError`). */
export const DATA_ERROR_MESSAGE = 'A value in this request cannot be stored. Check the values and try again.';

/**
 * Answered (409, with `Retry-After: 1`) when a transaction still met another's locks
 * after its retries (`runTransaction`, decision 0090): nothing was done, and the same
 * request may well succeed a moment later. A 409 rather than a 503: the input was fine
 * and the server is up; the request collided with others on the same records.
 */
export const BUSY_MESSAGE =
  'Others were changing the same records at that moment. Nothing was saved; please try again.';

const send = (reply: FastifyReply, body: ErrorBody) => reply.status(errorStatus[body.code]).send(body);

const where: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/**
 * Maps every error to `{ success: false, message, code, errors? }` with its status.
 * Validation errors list each field's message and join them, in order, into
 * `message` (spec section 5: failures joined with commas in one toast). A 5xx is
 * logged with the request id and answered without internals. A value the database
 * refuses as data (`isDataError`) answers 400, and a transaction that still met a
 * deadlock or a busy database after its retries (`isRetryableConflict`) a retryable
 * 409: a 5xx is always our bug.
 */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  // A body refused as too large is read to its end first, so its sender gets the 413.
  const tooLarge =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE');
  if (tooLarge && !request.raw.complete) return drainBody(request).then(() => answerError(error, request, reply));
  return answerError(error, request, reply);
}

/** The answer for `error` (see `errorHandler`). */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    return send(reply, {
      success: false,
      code: error.code,
      message: error.message,
      ...(error.errors && { errors: error.errors }),
    });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const path: string =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where[error.validationContext ?? ''] || 'request';
      errors[path] ??= issue.message ?? 'Invalid value';
    }
    const message = [...new Set(Object.values(errors))].join(', ');
    return send(reply, { success: false, code: 'VALIDATION_FAILED', message, errors });
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return send(reply, {
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  }

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(reply, { success: false, code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(reply, { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(reply, {
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON (Content-Type: application/json)',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return send(reply, { success: false, code: 'BAD_REQUEST', message: 'The request body length is wrong' });
  }

  if (isRetryableConflict(error)) {
    request.log.warn({ err: error, reqId: request.id }, 'a transaction met others past its retries');
    reply.header('retry-after', '1');
    return send(reply, { success: false, code: 'CONFLICT', message: BUSY_MESSAGE });
  }

  if (isDataError(error)) {
    // Logged: the contract should have refused the value before it reached SQL.
    request.log.warn({ err: error, reqId: request.id }, 'the database refused a value as data');
    return send(reply, { success: false, code: 'BAD_REQUEST', message: DATA_ERROR_MESSAGE });
  }

  const status = error.statusCode ?? 500;
  if (status === 429) {
    return send(reply, { success: false, code: 'RATE_LIMITED', message: error.message });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ success: false, code: 'BAD_REQUEST', message: error.message });
  }

  request.log.error({ err: error, reqId: request.id }, 'request failed');
  return send(reply, {
    success: false,
    code: 'INTERNAL',
    message: `Something went wrong on our side. Please try again. (request ${request.id})`,
  });
}
