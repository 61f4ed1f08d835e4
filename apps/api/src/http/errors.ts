import type { MessageKey, MessageParams } from './i18n';

/** The envelope types of the contract: ok, a plain error, and the special codes the client routes on. */
export type ErrorType = 'error' | '999' | '998' | '997' | '996' | '555' | 'not';

/** The one application error: a translatable message and the envelope type the client acts on. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly type: ErrorType = 'error',
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const sessionExpired = () => new AppError('login_required', {}, '999');
