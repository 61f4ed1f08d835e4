import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { credit, LOG_TYPES } from '@exchange/kernel/ledger';
import type { Money } from '@exchange/kernel/ledger';
import { networkOf } from './addresses';
import { lockNetwork } from './chain/watcher';

export interface BookedDeposit {
  id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  txid: string;
  created: boolean;
}

export interface DepositInput {
  userId: number;
  currencyId: number;
  amount: Money;
  source: 'chain' | 'payment';
  externalId?: string;
  fromAddress?: string;
}

/**
 * A chain transfer the watcher recorded is the watcher's to credit: booked by hand too, it would be credited
 * twice. Checked under the watcher's lock of the network, so a block it applies meanwhile is seen (and the
 * watcher, taking that lock after, sees this booking and leaves the transfer to it).
 */
async function refuseWatchedTransfer(tx: Tx, currencyId: number, txid: string): Promise<void> {
  const currency = await tx.currency.findUniqueOrThrow({ where: { id: currencyId } });
  const network = networkOf(currency);
  await lockNetwork(tx, network);
  const watched = await tx.chainDeposit.findFirst({
    where: { network, tx_hash: { equals: txid.trim(), mode: 'insensitive' } },
  });
  if (watched) throw new AppError('deposit_watched', { txid: watched.tx_hash });
}

/** Records a confirmed deposit and credits it to the spot account, inside the caller's transaction. */
export async function creditDeposit(tx: Tx, deposit: DepositInput & { externalId: string }) {
  if (deposit.source === 'chain') await refuseWatchedTransfer(tx, deposit.currencyId, deposit.externalId);
  const created = await tx.deposit.create({
    data: {
      user_id: deposit.userId,
      currency_id: deposit.currencyId,
      amount: deposit.amount.toFixed(),
      source: deposit.source,
      external_id: deposit.externalId,
      from_address: deposit.fromAddress ?? '',
      status: 1,
      confirmed_at: new Date(),
    },
  });
  await credit(tx, {
    userId: deposit.userId,
    currencyId: deposit.currencyId,
    account: 'change',
    amount: deposit.amount,
    type: deposit.source === 'chain' ? LOG_TYPES.CHAIN_DEPOSIT : LOG_TYPES.PAYMENT_DEPOSIT,
    ref: { type: 'deposit', id: created.id },
  });
  return created;
}

/**
 * Credits a confirmed deposit to the user's spot account, at most once per external id (a chain txid or a
 * payment order): booking the same one again changes nothing and answers the first booking.
 */
export async function bookDeposit(prisma: Db, deposit: DepositInput): Promise<BookedDeposit> {
  const external_id = deposit.externalId ?? `manual-${randomUUID()}`;
  const describe = (
    row: { id: number; user_id: number; currency_id: number; amount: { toFixed(): string } },
    created: boolean,
  ) => ({
    id: row.id,
    user_id: row.user_id,
    currency_id: row.currency_id,
    amount: row.amount.toFixed(),
    txid: external_id,
    created,
  });
  try {
    const row = await prisma.$transaction((tx) => creditDeposit(tx, { ...deposit, externalId: external_id }));
    return describe(row, true);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await prisma.deposit.findUniqueOrThrow({
      where: { source_external_id: { source: deposit.source, external_id } },
    });
    if (
      existing.user_id !== deposit.userId ||
      existing.currency_id !== deposit.currencyId ||
      !existing.amount.eq(deposit.amount.toFixed())
    ) {
      throw new Error(
        `${deposit.source} deposit ${external_id} was already booked with other details (deposit ${existing.id})`,
      );
    }
    return describe(existing, false);
  }
}
