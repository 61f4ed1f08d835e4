import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { findSessionUser, tokenFromHeader } from '../modules/user/sessions';

export const SOCKET_PATH = '/wss/';
export const userRoom = (userId: number) => `user:${userId}`;

/** The Redis channel prefix of the socket adapter, shared with the workers' emitter. */
export const socketChannel = (redisPrefix: string) => `${redisPrefix}socket.io`;

interface LoginPayload {
  user_id?: unknown;
  token?: unknown;
}

/**
 * socket.io at /wss/ on the API's own port. Market events are broadcast; a socket joins its user's room
 * (lever and micro events) only after `login` proves a valid token for that user id: the spec's client
 * sends the id, ours adds the token (in the handshake's auth or in the login payload).
 */
export function attachRealtime(app: FastifyInstance): Server {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
  });
  const publisher = app.redis.duplicate();
  const subscriber = app.redis.duplicate();
  io.adapter(createAdapter(publisher, subscriber, { key: socketChannel(app.config.REDIS_PREFIX) }));

  io.on('connection', (socket) => {
    socket.on('login', (payload: unknown, ack?: (answer: { type: string }) => void) => {
      joinUserRoom(app, socket, payload)
        .then((joined) => ack?.({ type: joined ? 'ok' : '999' }))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'socket login failed');
          ack?.({ type: 'error' });
        });
    });
  });

  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  });
  return io;
}

async function joinUserRoom(app: FastifyInstance, socket: Socket, payload: unknown): Promise<boolean> {
  const fields: LoginPayload =
    typeof payload === 'object' && payload !== null ? payload : { user_id: payload };
  const auth = socket.handshake.auth as LoginPayload;
  const token = [fields.token, auth.token, tokenFromHeader(socket.handshake.headers.authorization)].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.length > 0,
  );
  if (!token) return false;
  const user = await findSessionUser(app.prisma, token);
  const claimedId =
    typeof fields.user_id === 'number' || typeof fields.user_id === 'string' ? String(fields.user_id) : '';
  if (!user || (claimedId !== '' && claimedId !== String(user.id))) return false;
  await socket.join(userRoom(user.id));
  return true;
}
