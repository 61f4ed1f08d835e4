import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PATH, socketChannel, userRoom } from '@exchange/kernel/realtime';
import { apiMetrics } from '../http/metrics';
import type { Revocation } from '../http/session-cache';
import { hashToken, tokenFromHeader } from '../http/sessions';

/** The sockets that proved one session: its token's hash names the room, never the token. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/** The session a socket proved (one at a time). */
interface ProvenSession {
  tokenHash: string;
  userId: number;
  /** Takes the socket out of its rooms when the session expires. */
  expiry: NodeJS.Timeout;
}
/** Kept beside the sockets, not in socket.data, which the Redis adapter serialises for fetchSockets. */
const provenSessions = new WeakMap<Socket, ProvenSession>();
/** setTimeout's longest delay (~24.8 days): a longer session's socket leaves then, and proves it again on reconnecting. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface LoginPayload {
  user_id?: unknown;
  token?: unknown;
}

/**
 * socket.io at /wss/ on the API's own port. Market events are broadcast; a socket joins its user's room
 * (lever and micro events) only after `login` proves a valid token for that user id: the spec's client
 * sends the id, ours adds the token (in the handshake's auth or in the login payload). The socket also joins
 * the room of that session, and leaves both when the session ends: at sign-out, password change or reset
 * (revocations reach every API process over Redis, and each takes its own sockets out), and at expiry. The
 * connection itself stays open for the market pushes every visitor gets.
 */
export function attachRealtime(app: FastifyInstance): Server {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
  });
  const publisher = app.redis.duplicate();
  const subscriber = app.redis.duplicate();
  io.adapter(
    createAdapter(publisher, subscriber, { key: socketChannel(publisher, app.config.REDIS_PREFIX) }),
  );

  app.sessions.onRevoke((revocation) => leaveRevoked(io, revocation));

  io.engine.on('headers', (headers: Record<string, string>) => {
    headers['X-Content-Type-Options'] = 'nosniff';
    headers['X-Frame-Options'] = 'DENY';
  });

  io.on('connection', (socket) => {
    apiMetrics.socketsConnected.inc();
    socket.on('disconnect', () => {
      apiMetrics.socketsConnected.dec();
      forgetSession(socket);
    });
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
  const tokenHash = hashToken(token);
  // A revocation applied here while the lookup ran may have come after Postgres answered: look again (the
  // revocation is written to Postgres before it is published, so the second look sees it).
  let session = null;
  for (let looks = 0; looks < 3; looks += 1) {
    const mark = app.sessions.mark;
    session = await findLiveSession(app, tokenHash);
    if (!session || !app.sessions.revokedSince(mark, tokenHash, session.user_id)) break;
    session = null;
  }
  const claimedId =
    typeof fields.user_id === 'number' || typeof fields.user_id === 'string' ? String(fields.user_id) : '';
  if (!session || (claimedId !== '' && claimedId !== String(session.user_id))) return false;

  // From here to the joins nothing awaits, so no revocation can slip in between the check and the rooms.
  forgetSession(socket);
  const userId = session.user_id;
  const expiry = setTimeout(
    () => forgetSession(socket),
    Math.min(Math.max(session.expires_at.getTime() - Date.now(), 0), MAX_TIMER_MS),
  );
  expiry.unref();
  provenSessions.set(socket, { tokenHash, userId, expiry });
  await socket.join([sessionRoom(tokenHash), userRoom(userId)]);
  return true;
}

async function findLiveSession(app: FastifyInstance, tokenHash: string) {
  const session = await app.prisma.session.findUnique({
    where: { token_hash: tokenHash },
    select: { user_id: true, expires_at: true, revoked_at: true },
  });
  if (!session || session.revoked_at || session.expires_at <= new Date()) return null;
  return session;
}

/** Takes a socket out of the rooms of the session it proved, if any. */
function forgetSession(socket: Socket): void {
  const session = provenSessions.get(socket);
  if (!session) return;
  provenSessions.delete(socket);
  clearTimeout(session.expiry);
  void socket.leave(sessionRoom(session.tokenHash));
  void socket.leave(userRoom(session.userId));
}

/** This process's sockets that proved a revoked session leave its rooms. */
function leaveRevoked(io: Server, revocation: Revocation): void {
  if ('everything' in revocation) return;
  const room = 'tokenHash' in revocation ? sessionRoom(revocation.tokenHash) : userRoom(revocation.userId);
  const members = io.of('/').adapter.rooms.get(room);
  if (!members) return;
  for (const id of [...members]) {
    const socket = io.of('/').sockets.get(id);
    if (socket) forgetSession(socket);
  }
}
