import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db/prisma';
import type { User } from '../generated/prisma/client';
import type { Messenger } from '../modules/verification/messenger';
import type { PlacementCommitter } from '../modules/spot/placement-committer';
import type { OrderResults, SpotQueues } from '../modules/spot/queue';
import type { SessionCache, SessionIdentity } from './session-cache';
import type { Locale } from './i18n';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    prisma: Db;
    redis: Redis;
    messenger: Messenger;
    io: SocketServer;
    pg: pg.Pool;
    spotQueues: SpotQueues;
    orderResults: OrderResults;
    placements: PlacementCommitter;
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
