import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmSource } from '@exchange/api/modules/wallet';
import { useTestContext } from '../../../test/harness';
import { startAnvil, type Anvil } from '../../../test/chain/anvil';
import { ChainWatcher } from './chain-watcher';

const ctx = useTestContext();
let anvil: Anvil;
let watcher: ChainWatcher;

beforeAll(async () => {
  anvil = await startAnvil();
  const network = {
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    native: { currency: 'ETH', confirmations: 2 },
    tokens: [],
    // Long: the test steps the watcher itself.
    pollMs: 600_000,
  };
  watcher = new ChainWatcher({
    prisma: ctx.prisma,
    source: await createEvmSource(network),
    pollMs: network.pollMs,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: () => undefined,
  });
  await watcher.start();
}, 60_000);
afterAll(async () => {
  await watcher?.stop();
  await anvil?.stop();
});

describe('the chain watcher loop', () => {
  it('reports how many blocks it is behind the node (the lag metric), none once it caught up', async () => {
    await watcher.step();
    expect(await watcher.lag()).toEqual([{ network: 'evm', blocks: 0 }]);
    await anvil.mine(7);
    expect(await watcher.lag()).toEqual([{ network: 'evm', blocks: 7 }]);
    await watcher.step();
    expect(await watcher.lag()).toEqual([{ network: 'evm', blocks: 0 }]);
  });
});
