import type { Currency, Db } from '@exchange/kernel/db';
import { deriveDepositAddress, MAX_ADDRESS_INDEX, networkOf, type NetworkName } from './addresses';
import { findCurrency } from './currencies';
import type { DepositKey, DepositKeys } from './deposit-keys';
import { assertWalletOpen } from './wallet-open';

/** A deposit address answer: the address, or '' with `deposit_open: 0` when the network has no key. */
export interface OwnDepositAddress {
  address: string;
  deposit_open: 0 | 1;
  currency: Currency;
}

/**
 * The user's deposit address on a network under the configured key: the stored row, or a new one with the
 * next address index of that (network, key). One transaction-scoped advisory lock per (network, key) makes
 * allocation serial, so two first requests of one user end with one row, and two users never race for one
 * index.
 */
export async function allocateDepositAddress(
  prisma: Db,
  userId: number,
  network: NetworkName,
  { key, fingerprint }: DepositKey,
): Promise<string> {
  const where = {
    user_id_network_key_fingerprint: { user_id: userId, network, key_fingerprint: fingerprint },
  };
  const stored = await prisma.depositAddress.findUnique({ where });
  if (stored) return stored.address;
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`deposit-address:${network}:${fingerprint}`}))`;
    const raced = await tx.depositAddress.findUnique({ where });
    if (raced) return raced.address;
    const last = await tx.depositAddress.aggregate({
      where: { network, key_fingerprint: fingerprint },
      _max: { derivation_index: true },
    });
    const index = (last._max.derivation_index ?? -1) + 1;
    if (index > MAX_ADDRESS_INDEX) throw new Error(`no address index left under key ${fingerprint}`);
    const address = deriveDepositAddress(network, key, index);
    await tx.depositAddress.create({
      data: { user_id: userId, network, address, derivation_index: index, key_fingerprint: fingerprint },
    });
    return address;
  });
}

/**
 * The user's deposit address of a currency, derived from the operator's extended public key of its network
 * and kept on their wallet row too (the wallet detail shows it). A network without a key answers closed (no
 * address) and stores nothing.
 */
export async function depositAddressOf(
  deps: { prisma: Db; keys: DepositKeys },
  userId: number,
  currency: Currency,
): Promise<Omit<OwnDepositAddress, 'currency'>> {
  const network = networkOf(currency);
  const key = deps.keys[network];
  if (!key) return { address: '', deposit_open: 0 };
  const address = await allocateDepositAddress(deps.prisma, userId, network, key);
  await deps.prisma.wallet.upsert({
    where: { user_id_currency_id: { user_id: userId, currency_id: currency.id } },
    create: { user_id: userId, currency_id: currency.id, address },
    update: { address },
  });
  return { address, deposit_open: 1 };
}

/** The caller's own deposit address of a currency named in a request; refused while deposits are closed altogether. */
export async function ownDepositAddress(
  deps: { prisma: Db; keys: DepositKeys },
  userId: number,
  currencyName: string,
): Promise<OwnDepositAddress> {
  await assertWalletOpen(deps.prisma);
  const currency = await findCurrency(deps.prisma, currencyName);
  return { ...(await depositAddressOf(deps, userId, currency)), currency };
}
