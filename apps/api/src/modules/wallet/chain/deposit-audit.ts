import { erc20Abi, getAddress, parseAbiItem, type Address } from 'viem';
import type { Db } from '@exchange/kernel/db';
import type { EvmClient } from './evm';
import { toCoins, toUnits, type HotAsset } from './signer-assets';
import { SIGNER_NETWORK } from './signer-context';
import { CHAIN_DEPOSIT_STATE } from './watcher';

/** The deposit side of a network's reconciliation with its chain (`npm run ops -- audit`). */
export interface DepositReconciliation {
  network: string;
  /** The blocks checked: from the first recorded deposit's to the watcher's height. */
  blocks: { from: number; to: number } | null;
  /** Per currency: what the watcher recorded (credited or counting) and what the chain shows arrived. */
  totals: Record<string, { deposits: string; on_chain: string }>;
  addresses: number;
  problems: string[];
  /** Worth an operator's look, not wrong: coins the watcher cannot see, an address swept. */
  notes: string[];
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Nodes refuse log queries over too many blocks at once. */
const LOG_RANGE = 10_000n;
/** Addresses read per run: bounded, newest deposits' addresses first beyond it (a later run takes the rest). */
const ADDRESS_LIMIT = 1_000;

/** A token's transfers to (or from) an address over the blocks, in base units. */
async function tokenFlow(
  client: EvmClient,
  contract: Address,
  side: { to: Address } | { from: Address },
  from: bigint,
  to: bigint,
): Promise<bigint> {
  let units = 0n;
  for (let start = from; start <= to; start += LOG_RANGE) {
    const end = start + LOG_RANGE - 1n < to ? start + LOG_RANGE - 1n : to;
    const logs = await client.getLogs({
      address: contract,
      event: TRANSFER,
      args: side,
      fromBlock: start,
      toBlock: end,
    });
    for (const log of logs) units += log.args.value ?? 0n;
  }
  return units;
}

const balanceAt = (client: EvmClient, asset: HotAsset, address: Address, blockNumber: bigint) =>
  asset.contract
    ? client.readContract({
        address: asset.contract,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber,
      })
    : client.getBalance({ address, blockNumber });

/**
 * Reconciles the deposits the watcher recorded with the chain, address by address, over the blocks it
 * processed: for a token, the `Transfer` logs into each address equal the deposits recorded there, and its
 * balance moved by exactly what came in less what was swept out (the logs out). For the chain's own coin,
 * which leaves no log, an address that sent nothing in those blocks must have grown by exactly its
 * deposits; one that sent transactions (sweeps) is noted, its tokens still checked.
 */
export async function reconcileDeposits(
  prisma: Db,
  client: EvmClient,
  assets: HotAsset[],
): Promise<DepositReconciliation> {
  const problems: string[] = [];
  const notes: string[] = [];
  const empty = { network: SIGNER_NETWORK, blocks: null, totals: {}, addresses: 0, problems, notes };
  const cursor = await prisma.chainCursor.findUnique({ where: { network: SIGNER_NETWORK } });
  const first = await prisma.chainDeposit.findFirst({
    where: { network: SIGNER_NETWORK },
    orderBy: { block_height: 'asc' },
  });
  if (!cursor || !first) return empty;
  const [from, to] = [first.block_height, cursor.height];
  const recorded = await prisma.chainDeposit.groupBy({
    by: ['to_address'],
    where: {
      network: SIGNER_NETWORK,
      state: { in: [CHAIN_DEPOSIT_STATE.pending, CHAIN_DEPOSIT_STATE.credited] },
      block_height: { lte: to },
    },
    _max: { id: true },
    orderBy: { _max: { id: 'desc' } },
    take: ADDRESS_LIMIT,
  });
  const sums = new Map(assets.map((asset) => [asset.currency, { deposits: 0n, onChain: 0n }]));
  for (const { to_address } of recorded) {
    const address = getAddress(to_address);
    const rows = await prisma.chainDeposit.findMany({
      where: {
        network: SIGNER_NETWORK,
        to_address,
        state: { in: [CHAIN_DEPOSIT_STATE.pending, CHAIN_DEPOSIT_STATE.credited] },
        block_height: { lte: to },
      },
      include: { deposit: { include: { currency: { select: { name: true } } } } },
    });
    const sent =
      (await client.getTransactionCount({ address, blockNumber: to })) -
      (from > 0n ? await client.getTransactionCount({ address, blockNumber: from - 1n }) : 0);
    for (const asset of assets) {
      const deposits = rows
        .filter((row) => row.deposit.currency.name === asset.currency)
        .reduce((sum, row) => sum + toUnits(row.amount.toFixed(), asset.decimals), 0n);
      const before = from > 0n ? await balanceAt(client, asset, address, from - 1n) : 0n;
      const after = await balanceAt(client, asset, address, to);
      const coins = (units: bigint) => `${toCoins(units, asset.decimals)} ${asset.currency}`;
      const sum = sums.get(asset.currency)!;
      sum.deposits += deposits;
      if (asset.contract) {
        const received = await tokenFlow(client, asset.contract, { to: address }, from, to);
        const swept = await tokenFlow(client, asset.contract, { from: address }, from, to);
        sum.onChain += received;
        if (received !== deposits)
          problems.push(
            `${address}: deposits recorded ${coins(deposits)}, the chain shows ${coins(received)} received`,
          );
        if (after !== before + received - swept)
          problems.push(
            `${address}: holds ${coins(after)}, expected ${coins(before + received - swept)} (received less swept)`,
          );
        if (swept > 0n) notes.push(`${address}: ${coins(swept)} swept out`);
        continue;
      }
      if (sent > 0) {
        sum.onChain += deposits;
        notes.push(
          `${address}: sent ${sent} transactions (sweeps): its ${asset.currency} deposits cannot be checked from its balance`,
        );
        continue;
      }
      const grew = after - before;
      sum.onChain += grew;
      if (grew < deposits)
        problems.push(
          `${address}: deposits recorded ${coins(deposits)}, the chain shows ${coins(grew)} received`,
        );
      else if (grew > deposits)
        notes.push(
          `${address}: received ${coins(grew - deposits)} more than recorded deposits (a contract's internal transfer the watcher does not see)`,
        );
    }
  }
  const totals: DepositReconciliation['totals'] = {};
  for (const asset of assets) {
    const sum = sums.get(asset.currency)!;
    totals[asset.currency] = {
      deposits: toCoins(sum.deposits, asset.decimals),
      on_chain: toCoins(sum.onChain, asset.decimals),
    };
  }
  return { ...empty, blocks: { from: Number(from), to: Number(to) }, totals, addresses: recorded.length };
}
