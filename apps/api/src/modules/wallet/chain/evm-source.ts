import type { Hash } from 'viem';
import type { EvmNetwork } from '@exchange/kernel/config';
import { Money, STORAGE_DECIMALS } from '@exchange/kernel/ledger';
import {
  checkEvmNetwork,
  createEvmClient,
  readBlock,
  readTokenTransfers,
  succeeded,
  type EvmClient,
} from './evm';
import type { ChainSource, Payment } from './source';

/** Base units (wei, a token's smallest unit) as whole coins, exactly. */
const inCoins = (units: bigint, decimals: number) =>
  new Money(units.toString()).div(new Money(10).pow(decimals));

/**
 * The EVM chain as a watcher's source: the native coin each transaction carried (index -1) and the ERC-20
 * `Transfer` logs of the configured tokens (index: the log's index in the block). Checks the node's chain id
 * and each token's contract first, so a wrong setting stops the watcher at start.
 */
export async function createEvmSource(network: EvmNetwork, client?: EvmClient): Promise<ChainSource> {
  const node = client ?? createEvmClient(network);
  const decimals = await checkEvmNetwork(node, network);
  for (const [contract, places] of decimals)
    if (places > STORAGE_DECIMALS)
      throw new Error(
        `the token at ${contract} has ${places} decimals; amounts are kept to ${STORAGE_DECIMALS}`,
      );
  const tokens = new Map(network.tokens.map((token) => [token.contract!, token.currency]));
  const contracts = [...tokens.keys()];
  const confirmations = Object.fromEntries(
    [network.native, ...network.tokens].map((asset) => [asset.currency, asset.confirmations]),
  );
  return {
    network: 'evm',
    chainId: String(network.chainId),
    confirmations,
    // viem caches the block number for a few seconds by default: a watcher wants the node's answer now.
    headHeight: async () => Number(await node.getBlockNumber({ cacheTime: 0 })),
    async hashAt(height) {
      const block = await node.getBlock({ blockNumber: BigInt(height) }).catch(() => null);
      return block?.hash ?? null;
    },
    async block(height) {
      const block = await readBlock(node, BigInt(height));
      if (!block) return null;
      const native: Payment[] = block.valueTransfers.map((transfer) => ({
        txHash: transfer.txHash,
        index: -1,
        from: transfer.from,
        to: transfer.to,
        currency: network.native.currency,
        amount: inCoins(transfer.value, 18),
      }));
      const tokenPayments: Payment[] = (await readTokenTransfers(node, block.hash, contracts)).map(
        (transfer) => ({
          txHash: transfer.txHash,
          index: transfer.logIndex,
          from: transfer.from,
          to: transfer.to,
          currency: tokens.get(transfer.contract)!,
          amount: inCoins(transfer.value, decimals.get(transfer.contract)!),
        }),
      );
      return {
        height,
        hash: block.hash,
        parentHash: block.parentHash,
        payments: [...native, ...tokenPayments],
      };
    },
    // A token's Transfer log exists only if its transaction succeeded; a native value needs the receipt.
    took: (payment) => (payment.index >= 0 ? Promise.resolve(true) : succeeded(node, payment.txHash as Hash)),
  };
}
