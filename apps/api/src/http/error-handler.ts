import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { formatBytes } from './format';
import { isMessageKey, translate } from './i18n';

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
      const key = error.statusCode === 413 ? 'upload_too_large' : 'bad_request';
      const size = formatBytes(request.server.config.UPLOAD_MAX_BYTES);
      return reply
        .status(error.statusCode)
        .send({ type: 'error', message: translate(request.locale, key, { size }) });
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
