import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { SOCKET_PATH, userRoom } from '@exchange/kernel/realtime';

const ctx = useTestContext();
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

function open(auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], auth, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const login = (socket: Socket, payload: unknown) =>
  new Promise<{ type: string }>((resolve) => socket.emit('login', payload, resolve));

describe('socket.io at /wss/', () => {
  it('joins the user room only for a token that belongs to the claimed user id', async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();

    const anonymous = await open();
    expect(await login(anonymous, alice.id)).toEqual({ type: '999' });

    const impostor = await open({ token: bob.token });
    expect(await login(impostor, alice.id)).toEqual({ type: '999' });

    const owner = await open({ token: alice.token });
    expect(await login(owner, alice.id)).toEqual({ type: 'ok' });

    const viaPayload = await open();
    expect(await login(viaPayload, { user_id: bob.id, token: bob.token })).toEqual({ type: 'ok' });

    const aliceRoom = await ctx.app.io.in(userRoom(alice.id)).fetchSockets();
    expect(aliceRoom.map((socket) => socket.id)).toEqual([owner.id]);

    const received = new Promise((resolve) => owner.once('lever_trade', resolve));
    ctx.app.io.to(userRoom(alice.id)).emit('lever_trade', { hazard_rate: '0' });
    expect(await received).toEqual({ hazard_rate: '0' });
  });
});
