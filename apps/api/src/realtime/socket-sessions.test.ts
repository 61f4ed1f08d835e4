import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { SOCKET_PATH, userRoom } from '@exchange/kernel/realtime';
import { hashToken } from '../http/sessions';
import { sessionRoom } from './socket';

/**
 * A socket that proved a token must stop receiving its user's pushes when that session ends, whichever API
 * process ended it and whichever one holds the socket. Two app instances on one database and one Redis
 * prefix stand for two processes: sockets connect to the second, sessions end through the first.
 */
const ctx = useTestContext();
let other: FastifyInstance;
let otherUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  other = await ctx.anotherApi();
  await other.listen({ port: 0, host: '127.0.0.1' });
  otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function signedInSocket(token: string, userId: number): Promise<Socket> {
  const socket = connect(otherUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const answer = await new Promise<{ type: string }>((resolve) =>
    socket.emit('login', { user_id: userId, token }, resolve),
  );
  expect(answer.type).toBe('ok');
  return socket;
}

/** Records the `lever_trade` pushes a socket receives. */
function inbox(socket: Socket): unknown[] {
  const received: unknown[] = [];
  socket.on('lever_trade', (payload: unknown) => received.push(payload));
  return received;
}

/** The ids of the sockets in a room, over every API process (asked through the Redis adapter). */
const membersOf = async (room: string) =>
  (await ctx.app.io.in(room).fetchSockets()).map((socket) => socket.id).sort();

/** Pushes to a user's room from the first process, and waits until `witness` got it (and a little more). */
async function pushTo(userId: number, witness: unknown[], payload: object) {
  const before = witness.length;
  ctx.app.io.to(userRoom(userId)).emit('lever_trade', payload);
  await vi.waitFor(() => expect(witness.length).toBe(before + 1));
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('sockets of a session that ended', () => {
  it('stop receiving the user’s pushes after logout in another API process; other sessions keep them', async () => {
    const user = await ctx.signedInUser();
    const second = await ctx.post('/api/user/login', { user_string: user.account, password: user.password });
    const secondToken = second.body.message as string;
    const loggedOut = await signedInSocket(user.token, user.id);
    const stillSignedIn = await signedInSocket(secondToken, user.id);
    const outInbox = inbox(loggedOut);
    const inInbox = inbox(stillSignedIn);
    await pushTo(user.id, inInbox, { n: 1 });
    expect(outInbox).toEqual([{ n: 1 }]);

    // Signed out with a text/plain body through the first process; the sockets live on the second.
    const logout = await ctx.http
      .post('/api/user/logout')
      .set('Authorization', user.token)
      .type('text/plain')
      .send('bye');
    expect(logout.body).toEqual({ type: 'ok', message: 'Signed out' });
    await vi.waitFor(async () => expect(await membersOf(userRoom(user.id))).toEqual([stillSignedIn.id]));
    expect(await membersOf(sessionRoom(hashToken(user.token)))).toEqual([]);

    await pushTo(user.id, inInbox, { n: 2 });
    expect(outInbox).toEqual([{ n: 1 }]);
    expect(inInbox).toEqual([{ n: 1 }, { n: 2 }]);
    // The connection stays for market pushes; proving the dead token again gets 999.
    expect(loggedOut.connected).toBe(true);
    const again = await new Promise<{ type: string }>((resolve) =>
      loggedOut.emit('login', { user_id: user.id, token: user.token }, resolve),
    );
    expect(again.type).toBe('999');
  });

  it('stop receiving pushes after a password change ended every session of the user', async () => {
    const user = await ctx.signedInUser();
    const watcher = await ctx.signedInUser();
    const first = await signedInSocket(user.token, user.id);
    const second = await signedInSocket(user.token, user.id);
    const witness = await signedInSocket(watcher.token, watcher.id);
    const firstInbox = inbox(first);
    const secondInbox = inbox(second);
    const witnessInbox = inbox(witness);

    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const code = await ctx.latestCode(user.account);
    const changed = await ctx.post(
      '/api/safe/update_password',
      { password: 'Fresh12345', re_password: 'Fresh12345', code },
      user.token,
    );
    expect(changed.body.type).toBe('ok');
    await vi.waitFor(async () => expect(await membersOf(userRoom(user.id))).toEqual([]));

    ctx.app.io.to(userRoom(user.id)).emit('lever_trade', { n: 'after' });
    await pushTo(watcher.id, witnessInbox, { n: 'witness' });
    expect(firstInbox).toEqual([]);
    expect(secondInbox).toEqual([]);
  });

  it('leave the rooms when a socket proves another session, and when its session expires', async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();
    const socket = await signedInSocket(alice.token, alice.id);
    await new Promise<{ type: string }>((resolve) =>
      socket.emit('login', { user_id: bob.id, token: bob.token }, resolve),
    );
    expect(await membersOf(userRoom(alice.id))).toEqual([]);
    expect(await membersOf(userRoom(bob.id))).toEqual([socket.id]);

    const shortLived = await ctx.post('/api/user/login', {
      user_string: alice.account,
      password: alice.password,
    });
    await ctx.prisma.session.updateMany({
      where: { token_hash: hashToken(shortLived.body.message as string) },
      data: { expires_at: new Date(Date.now() + 1_500) },
    });
    const expiring = await signedInSocket(shortLived.body.message as string, alice.id);
    expect(await membersOf(userRoom(alice.id))).toEqual([expiring.id]);
    await vi.waitFor(async () => expect(await membersOf(userRoom(alice.id))).toEqual([]), {
      timeout: 5_000,
      interval: 100,
    });
  });
});
