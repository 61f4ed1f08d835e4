/**
 * The names both sides of a push agree on: the API's socket.io server (apps/api/src/realtime) and the
 * workers' emitter, which publishes through the same Redis channel so any API process can deliver.
 */
export const SOCKET_PATH = '/wss/';

/** The room of a user's own events (lever, micro, order updates); a socket joins it after proving a token. */
export const userRoom = (userId: number) => `user:${userId}`;

/** The Redis channel prefix of the socket adapter, shared with the workers' emitter. */
export const socketChannel = (redisPrefix: string) => `${redisPrefix}socket.io`;
