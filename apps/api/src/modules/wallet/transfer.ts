import type { transferRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, Tx, Currency } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  isAccount,
  type Account,
  transferBetweenAccounts,
  LOG_TYPES,
  type LogType,
  parseAmount,
  type Money,
} from '@exchange/kernel/ledger';
import { assertFundsMovable } from '../user';
import { currencyAllows, findCurrency } from './currencies';

// Log types of money leaving and entering each account (contract notes section 7).
const OUT_TYPES: Record<Account, LogType> = {
  legal: LOG_TYPES.LEGAL_TRANSFER_OUT,
  change: LOG_TYPES.CHANGE_TRANSFER_OUT,
  lever: LOG_TYPES.LEVER_MICRO_TRANSFER_OUT,
  micro: LOG_TYPES.LEVER_MICRO_TRANSFER_OUT,
};
const IN_TYPES: Record<Account, LogType> = {
  legal: LOG_TYPES.LEGAL_TRANSFER_IN,
  change: LOG_TYPES.CHANGE_TRANSFER_IN,
  lever: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
  micro: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
};

/** The older client sends a numbered direction instead of field names. */
const NUMBERED_DIRECTIONS: Record<string, [Account, Account]> = {
  '1': ['legal', 'change'],
  '2': ['change', 'legal'],
  '3': ['change', 'lever'],
  '4': ['lever', 'change'],
};

/**
 * A check that keeps funds where something still depends on them (an open lever position, for instance):
 * it throws an AppError to refuse. Areas list theirs in apps/api/src/areas.ts. Each runs inside the
 * transfer's transaction after the user's wallet row of that currency is locked, so an action of the area
 * that moves that wallet (opening a position) cannot slip in between the check and the transfer.
 */
export type TransferGuard = (
  tx: Tx,
  move: { userId: number; currency: Currency; from: Account; to: Account },
) => Promise<void>;

export async function transferFunds(
  prisma: Db,
  move: { userId: number; currency: Currency; from: Account; to: Account; amount: Money },
  guards: TransferGuard[],
): Promise<void> {
  if (move.from === move.to) throw new AppError('transfer_same_account');
  for (const account of [move.from, move.to]) {
    if (!currencyAllows(move.currency, account)) {
      throw new AppError('transfer_not_supported', {
        currency: move.currency.name,
        account: { key: `account_${account}` },
      });
    }
  }
  await prisma.$transaction(async (tx) => {
    await assertFundsMovable(tx, move.userId);
    if (guards.length > 0) {
      await tx.$executeRaw`SELECT 1 FROM wallets WHERE user_id = ${move.userId} AND currency_id = ${move.currency.id} FOR UPDATE`;
      for (const guard of guards) await guard(tx, move);
    }
    await transferBetweenAccounts(tx, {
      userId: move.userId,
      currencyId: move.currency.id,
      from: move.from,
      to: move.to,
      amount: move.amount,
      outType: OUT_TYPES[move.from],
      inType: IN_TYPES[move.to],
      memo: `${move.from}>${move.to}`,
    });
  });
}

/** A transfer from the form: the accounts by name or numbered direction, the currency by id or name. */
export async function transferByForm(
  prisma: Db,
  userId: number,
  form: z.output<typeof transferRequestSchema>,
  guards: TransferGuard[],
): Promise<void> {
  const [from, to] = NUMBERED_DIRECTIONS[form.type] ?? [form.from_field, form.to_field];
  if (!isAccount(from) || !isAccount(to)) throw new AppError('account_type_invalid');
  const currency = await findCurrency(prisma, form.currency_id || form.currency);
  const amount = parseAmount(form.number, currency.decimal_scale);
  await transferFunds(prisma, { userId, currency, from, to, amount }, guards);
}
