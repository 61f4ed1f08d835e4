import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { btcUsdtIds, spotOrder } from '../../../../../test/lever';
import { SOCKET_PATH } from '@exchange/kernel/realtime';

/**
 * A user's `spot_order` pushes come from the API process their socket is connected to, built from the
 * matcher's verdicts that every API process receives; so an order placed through one process reaches the
 * owner's socket on another, and nobody else's.
 */
const ctx = useTestContext();
let other: FastifyInstance;
const sockets: Socket[] = [];
beforeAll(async () => {
  other = await ctx.anotherApi();
  await other.listen({ port: 0, host: '127.0.0.1' });
  await ctx.startMatcher();
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** A socket on the other process, signed in as the user, collecting its `spot_order` pushes. */
async function signedInSocket(user: { id: number; token: string }) {
  const socket = connect(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
  });
  sockets.push(socket);
  const pushes: { id: string; state: string; symbol: string }[] = [];
  socket.on('spot_order', (push: { id: string; state: string; symbol: string }) => pushes.push(push));
  await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
  const answer = await new Promise<{ type: string }>((resolve) =>
    socket.emit('login', { user_id: user.id, token: user.token }, resolve),
  );
  expect(answer.type).toBe('ok');
  return pushes;
}

describe('spot_order pushes', () => {
  it('reach the owner on another API process, and only the owner', async () => {
    const owner = await ctx.signedInUser();
    const bystander = await ctx.signedInUser();
    await ctx.deposit(owner.account, 'USDT', '100');
    const ownerPushes = await signedInSocket(owner);
    const bystanderPushes = await signedInSocket(bystander);
    const placed = await spotOrder(ctx, owner.token, await btcUsdtIds(ctx), 'buy', '10', '1');
    expect(placed.body.order.state).toBe('open');
    await expect
      .poll(() => ownerPushes, { timeout: 5_000 })
      .toEqual([expect.objectContaining({ id: placed.body.order.id, state: 'open', symbol: 'BTC/USDT' })]);
    expect(bystanderPushes).toEqual([]);
  });
});
