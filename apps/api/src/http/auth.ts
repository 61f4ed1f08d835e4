import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, sessionExpired } from '@exchange/kernel/errors';
import { isLocale } from '@exchange/kernel/i18n';
import { findSessionUser, tokenFromHeader } from './sessions';

/**
 * Resolves the caller from the Authorization token. `requireUser` answers 999 for a missing, expired or
 * revoked token; `optionalUser` lets visitors through. Handlers then read `request.user`.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  async function resolveUser(request: FastifyRequest): Promise<void> {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    const user = await findSessionUser(app.prisma, token);
    if (!user) return;
    if (user.status === 1 && (!user.lock_time || user.lock_time > new Date()))
      throw new AppError('account_locked');
    request.user = user;
    if (!isLocale(request.headers.lang) && isLocale(user.locale)) request.locale = user.locale;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await resolveUser(request);
    if (!request.user) throw sessionExpired();
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token) await resolveUser(request);
  });

  // The order routes only need to know who is calling, on every order: the session cache answers that
  // without Prisma, usually without a query at all (see session-cache.ts).
  app.decorateRequest('session', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await app.sessions.find(token) : null;
    if (!session) throw sessionExpired();
    if (session.status === 1 && (!session.lockTime || session.lockTime > new Date()))
      throw new AppError('account_locked');
    request.session = session;
    if (!isLocale(request.headers.lang) && isLocale(session.locale)) request.locale = session.locale;
  });
}

/** The signed-in user's id on a route guarded by `requireSession`. */
export function currentUserId(request: FastifyRequest): number {
  if (!request.session) throw sessionExpired();
  return request.session.userId;
}

/**
 * Refuses a new order (spot, lever, seconds) while an operator froze the user's funds, so frozen value cannot
 * leave through trades with an accomplice. Closing and cancelling stay open: they keep funds in the account.
 */
export function assertMayTrade(fundsFrozen: boolean): void {
  if (fundsFrozen) throw new AppError('funds_frozen_trading');
}

/** The caller's id on a route that places an order: refused while an operator froze the caller's funds. */
export function tradingUserId(request: FastifyRequest): number {
  const userId = currentUserId(request);
  assertMayTrade(request.session?.fundsFrozen ?? false);
  return userId;
}

/** The signed-in user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw sessionExpired();
  return request.user;
}
