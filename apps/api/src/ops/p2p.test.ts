import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@exchange/kernel/realtime';
import { useTestContext } from '../../../../test/harness';
import type { Notice } from '../modules/notices';
import { pushFromOps } from './p2p';

/**
 * An operator's resolution of an appeal runs in the CLI, outside the API: its pushes go through the socket
 * adapter's Redis channel, so the parties' open screens follow it as they follow the workers' deadlines.
 */
const ctx = useTestContext();
const sockets: Socket[] = [];
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function signedInSocket(user: { id: number; token: string }) {
  const socket = connect(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
  });
  sockets.push(socket);
  const pushes: unknown[] = [];
  socket.on('p2p_order', (push: unknown) => pushes.push(push));
  await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
  const answer = await new Promise<{ type: string }>((resolve) =>
    socket.emit('login', { user_id: user.id, token: user.token }, resolve),
  );
  expect(answer.type).toBe('ok');
  return pushes;
}

const released = (userId: number): Notice => ({
  userId,
  event: 'p2p_order',
  key: 'p2p_notice_released',
  params: { id: 7 },
  payload: { id: 7, kind: 'c2c', is_sure: 1, appeal_state: 2, action: 'release' },
});

describe('pushes of operator commands', () => {
  it("reach each party's socket through the API process, and nobody else's", async () => {
    const buyer = await ctx.signedInUser();
    const seller = await ctx.signedInUser();
    const bystander = await ctx.signedInUser();
    const [buyerPushes, sellerPushes, bystanderPushes] = await Promise.all(
      [buyer, seller, bystander].map(signedInSocket),
    );
    const pushed = await pushFromOps(ctx.config, [released(buyer.id), released(seller.id)]);
    expect(pushed).toBe(true);
    const expected = [expect.objectContaining({ id: 7, is_sure: 1, action: 'release' })];
    await expect.poll(() => buyerPushes, { timeout: 5_000 }).toEqual(expected);
    await expect.poll(() => sellerPushes, { timeout: 5_000 }).toEqual(expected);
    expect(bystanderPushes).toEqual([]);
  });

  it('answer false, without throwing, when Redis does not answer (the step and its outbox stand)', async () => {
    const pushed = await pushFromOps({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'x:' }, [released(1)]);
    expect(pushed).toBe(false);
  });
});
