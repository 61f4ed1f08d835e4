import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/prisma';
import type { Currency } from '../../generated/prisma/client';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { form, optionalText } from '../../http/schemas';
import { isAccount, type Account } from '../../ledger/accounts';
import { transferBetweenAccounts } from '../../ledger/ledger';
import { LOG_TYPES, type LogType } from '../../ledger/log-types';
import { parseAmount, type Money } from '../../ledger/money';
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
 * Checks that keep funds where something still depends on them (an open lever position, for instance):
 * areas that need one register it here, and every transfer runs them inside its transaction.
 */
export type TransferGuard = (
  db: Db,
  move: { userId: number; currency: Currency; from: Account; to: Account },
) => Promise<void>;
export const TRANSFER_GUARDS: TransferGuard[] = [];

export async function transferFunds(
  prisma: Db,
  move: { userId: number; currency: Currency; from: Account; to: Account; amount: Money },
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
  for (const guard of TRANSFER_GUARDS) await guard(prisma, move);
  await prisma.$transaction((tx) =>
    transferBetweenAccounts(tx, {
      userId: move.userId,
      currencyId: move.currency.id,
      from: move.from,
      to: move.to,
      amount: move.amount,
      outType: OUT_TYPES[move.from],
      inType: IN_TYPES[move.to],
      memo: `${move.from}>${move.to}`,
    }),
  );
}

const changeBody = form({
  currency_id: optionalText(16),
  currency: optionalText(16),
  number: optionalText(64),
  from_field: optionalText(16),
  to_field: optionalText(16),
  type: optionalText(4),
});

export function transferRoutes(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/wallet/change',
      { schema: { body: changeBody }, onRequest: app.requireUser },
      async (request) => {
        const body = request.body;
        const [from, to] = NUMBERED_DIRECTIONS[body.type] ?? [body.from_field, body.to_field];
        if (!isAccount(from) || !isAccount(to)) throw new AppError('account_type_invalid');
        const currency = await findCurrency(app.prisma, body.currency_id || body.currency);
        const amount = parseAmount(body.number, currency.decimal_scale);
        await transferFunds(app.prisma, { userId: currentUser(request).id, currency, from, to, amount });
        return { type: 'ok', message: translate(request.locale, 'transfer_done') };
      },
    );
}
