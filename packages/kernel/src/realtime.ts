import type { PushEvent, PushEvents, PushPayload } from '@exchange/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { instanceChannel } from './redis';

/**
 * The names both sides of a push agree on: the API's socket.io server (apps/api/src/realtime) and the
 * workers' emitter, which publishes through the same Redis channel so any API process can deliver.
 */
export const SOCKET_PATH = '/wss/';

/** The room of a user's own events (lever, micro, order updates); a socket joins it after proving a token. */
export const userRoom = (userId: number) => `user:${userId}`;

/** The Redis channel prefix of the socket adapter, shared with the workers' emitter. */
export const socketChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'socket.io');

/** The workers' emitter, typed by the contract's event map (an event's name fixes its payload). */
export type PushEmitter = Emitter<PushEvents>;

/**
 * The workers' emitter of socket pushes. A push is best effort (screens refetch what they missed): one
 * published while Redis is away or while its connection closes at shutdown is dropped, never left as an
 * unhandled rejection that would end the process (the emitter does not await its publishes).
 */
export function createPushEmitter(redis: Redis, redisPrefix: string): PushEmitter {
  const publisher = {
    publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(() => 0),
  };
  return new Emitter<PushEvents>(publisher, { key: socketChannel(redis, redisPrefix) });
}

/** A push to one user whose event is chosen at run time (a P2P order's or an acceptor deal's notice). */
export type UserPush = { [Event in PushEvent]: { event: Event; payload: PushPayload<Event> } }[PushEvent];

/** Where user pushes go: the API's socket.io server or the workers' emitter (both typed by PushEvents). */
export interface PushTarget {
  to(room: string): { emit<Event extends PushEvent>(event: Event, payload: PushPayload<Event>): unknown };
}

export function pushToUser(target: PushTarget, userId: number, push: UserPush): void {
  target.to(userRoom(userId)).emit(push.event, push.payload);
}
