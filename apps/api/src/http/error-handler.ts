import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '@exchange/kernel/errors';
import { formatBytes } from './format';
import { isMessageKey, translate, type MessageKey } from '@exchange/kernel/i18n';

/** The largest body of a request that is not an upload (uploads have UPLOAD_MAX_BYTES). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Every failure becomes the contract's `{type, message}` envelope in the caller's language. Business and
 * validation outcomes answer HTTP 200 as the spec's client expects; anything unexpected is logged with the
 * request id and answered with a clean 500 envelope, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(200)
        .send({ type: error.type, message: translate(request.locale, error.key, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      return reply.status(200).send({ type: 'error', message: validationMessage(request, first) });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      const [key, size] = refusalOf(error, request.server.config.UPLOAD_MAX_BYTES);
      return reply
        .status(error.statusCode)
        .send({ type: 'error', message: translate(request.locale, key, { size: formatBytes(size) }) });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply
      .status(500)
      .send({ type: 'error', message: translate(request.locale, 'server_error', { ref: request.id }) });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ type: 'error', message: translate(request.locale, 'not_found') }),
  );
}

/** What to tell the client about a request the framework refused, and the size limit it ran into. */
function refusalOf(error: FastifyError, uploadMaxBytes: number): [MessageKey, number] {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return ['upload_too_large', uploadMaxBytes];
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return ['body_too_large', BODY_LIMIT_BYTES];
  // Other 413s are multipart's limits on parts (one file, ten fields): the upload is what is too large.
  if (error.statusCode === 413) return ['upload_too_large', uploadMaxBytes];
  return ['bad_request', 0];
}

interface ValidationIssue {
  message?: string;
  instancePath: string;
}

function validationMessage(request: FastifyRequest, issue: ValidationIssue | undefined): string {
  const detail = issue?.message ?? 'invalid';
  if (isMessageKey(detail)) return translate(request.locale, detail);
  const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
  return translate(request.locale, 'invalid_field', { field, detail });
}
