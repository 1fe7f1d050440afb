/**
 * The one place errors become responses: AppErrors by their catalogue entry, Fastify's own errors by
 * their code, anything else as an opaque 500. Bodies are application/problem+json; never a stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCatalogue, type ErrorCode, type FieldError, isAppError } from '../../core/errors.js';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
};

export function problemBody(error: AppError, instance?: string) {
  return {
    type: `about:blank#${error.code}`,
    title: ErrorCatalogue[error.code].title,
    status: error.status,
    detail: error.detail ?? ErrorCatalogue[error.code].title,
    code: error.code,
    ...(instance ? { instance } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
    ...error.extra,
  };
}

export function sendProblem(reply: FastifyReply, error: AppError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .status(error.status)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(problemBody(error, reply.request.url.split('?')[0]));
}

function validationErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const base = issue.instancePath || '';
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const path = missing ? `${base}/${missing}` : base || '/';
    return { path: `${error.validationContext ?? 'body'}${path}`, message: issue.message ?? 'is invalid' };
  });
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) {
    return new AppError('validation_failed', { errors: validationErrors(fastifyError) });
  }
  const mapped = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  const status = fastifyError?.statusCode;
  if (status === 413) return new AppError('payload_too_large');
  if (status === 415) return new AppError('unsupported_media_type');
  if (status && status >= 400 && status < 500) return new AppError('bad_request');
  return new AppError('internal_error', { cause: error });
}

/** Errors Fastify raises before routing (bad URLs, over-long params), as problem+json too. */
export function frameworkErrors(error: unknown, _request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, toAppError(error));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    return sendProblem(reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new AppError('route_not_found', { detail: `No route ${request.method} ${request.url.split('?')[0]}` }),
    ),
  );
});
