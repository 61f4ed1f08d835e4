import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from '@exchange/kernel/config';
import type { Db, User } from '@exchange/kernel/db';
import type { SessionCache, SessionIdentity } from './session-cache';
import type { Locale } from '@exchange/kernel/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    prisma: Db;
    redis: Redis;
    io: SocketServer;
    pg: pg.Pool;
    sessions: SessionCache;
    requireSession: (request: FastifyRequest) => Promise<void>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: User | null;
    session: SessionIdentity | null;
    locale: Locale;
  }
}
