import { answerSchema, currencyListSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Currency, Wallet } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import {
  ACCOUNTS,
  availableColumn,
  lockedColumn,
  type Account,
  Money,
  toFixedString,
} from '@exchange/kernel/ledger';
import { usdtPriceOf } from './currencies';

/** Across the four accounts: the account centre's totals, the caller's balances per currency, the currencies. */
export function accountOverviewRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The account centre: per currency, available and frozen across the four accounts, valued in USDT.
  typed.post('/api/account/list', { onRequest: app.requireUser }, async (request) => {
    const wallets = await app.prisma.wallet.findMany({
      where: { user_id: currentUser(request).id, currency: { is_display: 1 } },
      include: { currency: true },
      orderBy: { currency: { sort: 'asc' } },
    });
    const sum = (wallet: Wallet, column: (account: Account) => keyof Wallet) =>
      ACCOUNTS.reduce((total, account) => total.plus(String(wallet[column(account)])), new Money(0));
    const list = wallets.map((wallet) => {
      const available = sum(wallet, availableColumn);
      const frozen = sum(wallet, lockedColumn);
      return {
        currency: wallet.currency_id,
        currency_name: wallet.currency.name,
        available: toFixedString(available, 8),
        frozen: toFixedString(frozen, 8),
        usdt_value: toFixedString(available.plus(frozen).times(usdtPriceOf(wallet.currency)), 4),
      };
    });
    const total = list.reduce((acc, row) => acc.plus(row.usdt_value), new Money(0));
    return { type: 'ok', message: { list, total_usdt: toFixedString(total, 4) } };
  });

  typed.get('/api/currency/user_currency_list', { onRequest: app.requireUser }, async (request) => {
    const wallets = await app.prisma.wallet.findMany({
      where: { user_id: currentUser(request).id, currency: { is_display: 1 } },
      include: { currency: true },
      orderBy: { currency: { sort: 'asc' } },
    });
    return {
      type: 'ok',
      message: wallets.map((wallet) => ({
        id: wallet.currency_id,
        name: wallet.currency.name,
        ...Object.fromEntries(
          ACCOUNTS.flatMap((account) => [
            [availableColumn(account), toFixedString(wallet[availableColumn(account)].toFixed(), 8)],
            [lockedColumn(account), toFixedString(wallet[lockedColumn(account)].toFixed(), 8)],
          ]),
        ),
      })),
    };
  });

  typed.get(
    '/api/currency/list',
    { schema: { response: { 200: answerSchema(currencyListSchema) } } },
    async () => {
      const currencies = await app.prisma.currency.findMany({
        where: { is_display: 1 },
        orderBy: { sort: 'asc' },
      });
      const describe = (currency: Currency) => ({
        id: currency.id,
        name: currency.name,
        full_name: currency.full_name,
      });
      return {
        type: 'ok' as const,
        message: {
          legal: currencies.filter((currency) => currency.is_legal === 1).map(describe),
          all: currencies.map(describe),
        },
      };
    },
  );
}
