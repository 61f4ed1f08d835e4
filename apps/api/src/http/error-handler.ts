import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '@exchange/kernel/errors';
import { formatBytes } from './format';
import { isMessageKey, requestedLocale, translate, type MessageKey } from '@exchange/kernel/i18n';

/** The largest body of a request that is not an upload (uploads have UPLOAD_MAX_BYTES). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Every failure becomes the contract's `{type, message}` envelope in the caller's language. Business and
 * validation outcomes answer HTTP 200 as the spec's client expects; Postgres or Redis out of reach (a restart,
 * a failover) answers 503 with Retry-After, so clients and load balancers know to come back; anything else
 * unexpected is logged with the request id and answered with a clean 500 envelope, never a stack trace.
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
    if (isServiceOutage(error)) {
      request.log.warn({ err: error }, 'database or redis out of reach');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ type: 'error', message: translate(request.locale, 'service_unavailable') });
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

/**
 * Requests the router refuses before any route or hook runs (a path parameter longer than it takes, a URL
 * that does not decode): the contract's envelope with the router's status, instead of Fastify's own body.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .status(error.statusCode ?? 400)
    .send({ type: 'error', message: translate(requestedLocale(request.headers), 'bad_request') });
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

const RETRY_AFTER_SECONDS = 2;

/** Socket errors of a server that is down, restarting or unreachable. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** Prisma's: cannot reach the server, timed out reaching it, it closed the connection, no pooled connection. */
const PRISMA_OUTAGE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** Postgres's: connection exceptions (class 08), and shutting down or starting up (57P01-57P03). */
const POSTGRES_OUTAGE = /^(08...|57P0[123])$/;
const OUTAGE_MESSAGES =
  /^(Connection terminated|Connection is closed|timeout exceeded when trying to connect)/;

/**
 * Whether a failure only says Postgres or Redis could not be reached (here or in any error it wraps), as
 * opposed to a bug: the request may be tried again once they are back.
 */
export function isServiceOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || PRISMA_OUTAGE_CODES.has(code)))
      return true;
    if (typeof code === 'string' && 'severity' in cause && POSTGRES_OUTAGE.test(code)) return true;
    if (cause.name === 'MaxRetriesPerRequestError' || OUTAGE_MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
