import type { MessageKey, MessageParams } from './i18n';

/** The envelope types of the contract: ok, a plain error, and the special codes the client routes on. */
export type ErrorType = 'error' | '999' | '998' | '997' | '996' | '555' | 'not';

const stackTraceLimit = Error.stackTraceLimit;
const withoutStackTrace = (message: string) => {
  Error.stackTraceLimit = 0;
  return message;
};

/**
 * The one application error: a translatable message and the envelope type the client acts on. It is an
 * answer to the user, not a fault, so it carries no stack trace: capturing one through Fastify's call chain
 * was a fifth of the cost of answering a refused request.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly type: ErrorType = 'error',
  ) {
    super(withoutStackTrace(key));
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
  }
}

export const sessionExpired = () => new AppError('login_required', {}, '999');
