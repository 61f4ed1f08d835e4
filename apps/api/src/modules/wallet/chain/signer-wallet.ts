import { erc20Abi } from 'viem';
import type { Db, Tx } from '@exchange/kernel/db';
import { toCoins } from './signer-assets';
import { SIGNER_NETWORK, nativeAsset, type SignerContext } from './signer-context';
import { TRANSFER_KIND, UNMINED_TRANSFER_STATES } from './signer-states';

/** Base units per currency. */
export type Holdings = Map<string, bigint>;

const walletKey = (context: SignerContext) => ({
  network_address: { network: SIGNER_NETWORK, address: context.account.address },
});

/**
 * Records the hot wallet, its first nonce the chain's count including the node's pending transactions. A
 * wallet already recorded on another chain is refused: its nonces and transactions belong to that chain.
 */
export async function registerHotWallet(context: SignerContext): Promise<void> {
  const { address } = context.account;
  const chainId = String(context.chainId);
  const known = await context.prisma.chainHotWallet.findUnique({ where: walletKey(context) });
  if (known && known.chain_id !== chainId)
    throw new Error(
      `hot wallet ${address} is recorded on chain ${known.chain_id}, the node is on ${chainId}`,
    );
  const assets = context.assets.map(({ currency, contract, decimals }) => ({ currency, contract, decimals }));
  if (known) {
    await context.prisma.chainHotWallet.update({ where: walletKey(context), data: { assets } });
    return;
  }
  const pending = await context.client.getTransactionCount({ address, blockTag: 'pending' });
  await context.prisma.chainHotWallet.upsert({
    where: walletKey(context),
    create: { network: SIGNER_NETWORK, address, chain_id: chainId, next_nonce: pending, assets },
    update: { assets },
  });
}

/**
 * Moves the next nonce past transactions the chain has from this key that the signer never made (the key
 * used elsewhere); the signer's own are all below its next nonce, so this never hands one out twice.
 */
export async function syncNonce(context: SignerContext): Promise<void> {
  const { address } = context.account;
  const count = BigInt(await context.client.getTransactionCount({ address, blockTag: 'latest' }));
  const moved = await context.prisma.chainHotWallet.updateMany({
    where: { network: SIGNER_NETWORK, address, next_nonce: { lt: count } },
    data: { next_nonce: count },
  });
  if (moved.count > 0)
    context.log(
      { address, nonce: count.toString() },
      'the hot wallet key sent transactions the signer did not make: its next nonce moved past them',
    );
}

/** The hot wallet's balances on the chain now, per currency. */
export async function readHoldings(context: SignerContext): Promise<Holdings> {
  const { address } = context.account;
  const holdings: Holdings = new Map();
  for (const asset of context.assets) {
    const units = asset.contract
      ? await context.client.readContract({
          address: asset.contract,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
      : await context.client.getBalance({ address });
    holdings.set(asset.currency, units);
  }
  return holdings;
}

/** What the console shows: the balances the signer last read, the head then, and when. */
export async function recordLook(context: SignerContext, head: number, holdings: Holdings): Promise<void> {
  const balances = Object.fromEntries(
    context.assets.map((asset) => [
      asset.currency,
      toCoins(holdings.get(asset.currency) ?? 0n, asset.decimals),
    ]),
  );
  await context.prisma.chainHotWallet.update({
    where: walletKey(context),
    data: { balances, head_height: head, seen_at: new Date() },
  });
}

/** The hot wallet's row, locked until the transaction ends: whoever holds it is the only one signing. */
export async function lockHotWallet(tx: Tx, context: SignerContext): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ next_nonce: bigint }[]>`
    SELECT next_nonce FROM chain_hot_wallets
    WHERE network = ${SIGNER_NETWORK} AND address = ${context.account.address} FOR UPDATE`;
  if (!row) throw new Error(`hot wallet ${context.account.address} is not recorded`);
  return row.next_nonce;
}

/**
 * What the hot wallet's transactions not yet in a block will take from it: per attempt (withdrawal and
 * nonce) the largest amount and the largest gas any of its versions may cost, since only one is ever mined.
 * A mined one is already out of the balance the chain reports.
 */
export async function reservations(db: Db | Tx, context: SignerContext): Promise<Holdings> {
  const rows = await db.chainTransfer.findMany({
    where: {
      network: SIGNER_NETWORK,
      from_address: context.account.address,
      state: { in: UNMINED_TRANSFER_STATES },
    },
    select: {
      withdrawal_id: true,
      nonce: true,
      kind: true,
      currency: true,
      units: true,
      gas_limit: true,
      max_fee_per_gas: true,
    },
  });
  const attempts = new Map<string, { currency: string; units: bigint; gas: bigint }>();
  for (const row of rows) {
    const key = `${row.withdrawal_id}:${row.nonce}`;
    const attempt = attempts.get(key) ?? { currency: row.currency, units: 0n, gas: 0n };
    const units = row.kind === TRANSFER_KIND.payment ? BigInt(row.units.toFixed()) : 0n;
    const gas = BigInt(row.gas_limit.toFixed()) * BigInt(row.max_fee_per_gas.toFixed());
    attempts.set(key, {
      currency: row.kind === TRANSFER_KIND.payment ? row.currency : attempt.currency,
      units: units > attempt.units ? units : attempt.units,
      gas: gas > attempt.gas ? gas : attempt.gas,
    });
  }
  const native = nativeAsset(context).currency;
  const reserved: Holdings = new Map();
  const add = (currency: string, units: bigint) =>
    reserved.set(currency, (reserved.get(currency) ?? 0n) + units);
  for (const attempt of attempts.values()) {
    add(attempt.currency, attempt.units);
    add(native, attempt.gas);
  }
  return reserved;
}
