import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  serializeTransaction,
  type Address,
  type Hex,
  type TransactionSerializableEIP1559,
} from 'viem';
import type { Db } from '@exchange/kernel/db';
import type { EvmClient } from './evm';
import { toCoins, type HotAsset } from './signer-assets';
import { SIGNER_NETWORK } from './signer-context';

/** One unsigned sweep transaction, with everything an offline signer needs and nothing secret. */
export interface UnsignedSweep {
  currency: string;
  amount: string;
  /** The transaction's fields (values in base units and wei, as decimal text). */
  fields: {
    chainId: number;
    type: 'eip1559';
    nonce: number;
    to: Address;
    value: string;
    data: Hex;
    gas: string;
    maxFeePerGas: string;
    maxPriorityFeePerGas: string;
  };
  /** The same, serialized unsigned (EIP-2718 type 2): what `cast mktx`-style tools and hardware wallets sign. */
  unsigned: Hex;
}

export interface SweepLine {
  address: string;
  /** Below the configured account key: the receive path 0 and this index (m/44'/60'/0'/0/<index> for account 0). */
  derivation_index: number;
  path: string;
  key_fingerprint: string;
  user_id: number;
  balances: Record<string, string>;
  /** Coins the address needs first to pay its sweeps' gas (send them from the hot wallet), or null. */
  gas_top_up: string | null;
  transactions: UnsignedSweep[];
}

export interface SweepPlan {
  network: string;
  chain_id: number;
  /** Where the sweeps send: the cold wallet named, or the hot wallet. */
  to: string;
  addresses_read: number;
  lines: SweepLine[];
}

const PLAIN_TRANSFER_GAS = 21_000n;
/** Room over a token transfer's estimate: its gas can differ a little when it is mined. */
const withMargin = (gas: bigint) => (gas * 6n) / 5n;

function unsignedSweep(
  chainId: number,
  asset: HotAsset,
  units: bigint,
  fields: Omit<UnsignedSweep['fields'], 'chainId' | 'type'>,
): UnsignedSweep {
  const transaction: TransactionSerializableEIP1559 = {
    chainId,
    type: 'eip1559',
    nonce: fields.nonce,
    to: fields.to,
    value: BigInt(fields.value),
    data: fields.data,
    gas: BigInt(fields.gas),
    maxFeePerGas: BigInt(fields.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(fields.maxPriorityFeePerGas),
  };
  return {
    currency: asset.currency,
    amount: toCoins(units, asset.decimals),
    fields: { chainId, type: 'eip1559', ...fields },
    unsigned: serializeTransaction(transaction),
  };
}

interface PlanOptions {
  chainId: number;
  assets: HotAsset[];
  /** The cold wallet; the hot wallet when absent. */
  to?: Address;
  /** Addresses read per call, at most. */
  limit?: number;
}

/**
 * The sweep plan: every EVM deposit address with its derivation index and balances, and the unsigned
 * transactions that move its tokens and then its coins (less the gas) to the cold or hot wallet. The
 * operator signs them OFFLINE with the key behind the deposit xpub, at each address's path, and broadcasts
 * them; the server never holds those keys. An address without coins for its token sweep's gas is listed
 * with the top-up it needs first.
 */
export async function sweepPlan(prisma: Db, client: EvmClient, options: PlanOptions): Promise<SweepPlan> {
  const hot = await prisma.chainHotWallet.findFirst({
    where: { network: SIGNER_NETWORK },
    orderBy: { seen_at: 'desc' },
  });
  const to = options.to ?? (hot ? getAddress(hot.address) : undefined);
  if (!to) throw new Error('no hot wallet is recorded yet: name the cold wallet with --to 0x…');
  const addresses = await prisma.depositAddress.findMany({
    where: { network: SIGNER_NETWORK },
    orderBy: [{ key_fingerprint: 'asc' }, { derivation_index: 'asc' }],
    take: options.limit ?? 1_000,
  });
  const block = await client.getBlock();
  const tip = await client.estimateMaxPriorityFeePerGas();
  const fees = { maxFeePerGas: 2n * (block.baseFeePerGas ?? 0n) + tip, maxPriorityFeePerGas: tip };
  const lines: SweepLine[] = [];
  for (const row of addresses) {
    const line = await planAddress(client, options, to, fees, row);
    if (line) lines.push(line);
  }
  return { network: SIGNER_NETWORK, chain_id: options.chainId, to, addresses_read: addresses.length, lines };
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

async function planAddress(
  client: EvmClient,
  options: PlanOptions,
  to: Address,
  fees: Fees,
  row: { address: string; derivation_index: number; key_fingerprint: string; user_id: number },
): Promise<SweepLine | null> {
  const from = getAddress(row.address);
  const balances: Record<string, string> = {};
  const transactions: UnsignedSweep[] = [];
  let nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' });
  let gasSpent = 0n;
  const feeFields = {
    maxFeePerGas: fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
  };
  for (const asset of options.assets.filter((each) => each.contract)) {
    const units = await client.readContract({
      address: asset.contract!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [from],
    });
    balances[asset.currency] = toCoins(units, asset.decimals);
    if (units === 0n) continue;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
    const gas = withMargin(await client.estimateGas({ account: from, to: asset.contract!, data }));
    gasSpent += gas * fees.maxFeePerGas;
    transactions.push(
      unsignedSweep(options.chainId, asset, units, {
        nonce,
        to: asset.contract!,
        value: '0',
        data,
        gas: gas.toString(),
        ...feeFields,
      }),
    );
    nonce += 1;
  }
  const native = options.assets.find((asset) => !asset.contract)!;
  const coins = await client.getBalance({ address: from });
  balances[native.currency] = toCoins(coins, native.decimals);
  const ownGas = PLAIN_TRANSFER_GAS * fees.maxFeePerGas;
  const left = coins - gasSpent - ownGas;
  if (left > 0n)
    transactions.push(
      unsignedSweep(options.chainId, native, left, {
        nonce,
        to,
        value: left.toString(),
        data: '0x',
        gas: PLAIN_TRANSFER_GAS.toString(),
        ...feeFields,
      }),
    );
  if (transactions.length === 0) return null;
  const shortForGas = gasSpent > coins ? gasSpent - coins : 0n;
  return {
    address: from,
    derivation_index: row.derivation_index,
    path: `0/${row.derivation_index}`,
    key_fingerprint: row.key_fingerprint,
    user_id: row.user_id,
    balances,
    gas_top_up: shortForGas > 0n ? toCoins(shortForGas, native.decimals) : null,
    transactions,
  };
}
