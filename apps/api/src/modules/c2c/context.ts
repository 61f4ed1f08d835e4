import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db, User } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { currentUser } from '../../http/auth';
import type { P2pDeadlines } from '../deadlines';
import { pushNotices, roomPusher, type Notice } from '../notices';

/** What a P2P use case run for a signed-in caller needs (c2c orders and acceptor deals alike). */
export interface P2pContext {
  prisma: Db;
  redis: Redis;
  deadlines: P2pDeadlines;
  user: User;
  locale: Locale;
  log: FastifyBaseLogger;
  /** Pushes the notices of a committed step to the users' rooms. */
  push: (notices: Notice[]) => void;
}

export function p2pContext(app: FastifyInstance, request: FastifyRequest): P2pContext {
  const pusher = roomPusher(app.io);
  return {
    prisma: app.prisma,
    redis: app.redis,
    deadlines: app.p2pDeadlines,
    user: currentUser(request),
    locale: request.locale,
    log: request.log,
    push: (notices) => pushNotices(pusher, notices),
  };
}
