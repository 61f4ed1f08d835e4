import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Locale } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { describeLog } from '../wallet';

const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

/** The rows of one page of a list, for a query's skip and take. */
export const pageWindow = (options: { page: number; limit: number }) => ({
  skip: (options.page - 1) * options.limit,
  take: options.limit,
});

/** Users whose account (e-mail or phone) contains the text, or whose id it is; newest first. */
export async function searchUsers(prisma: Db, options: { q: string; page: number; limit: number }) {
  const text = options.q.trim();
  const byId = /^\d{1,9}$/.test(text) ? [{ id: Number(text) }] : [];
  const where = text
    ? { OR: [...byId, { account_number: { contains: text, mode: 'insensitive' as const } }] }
    : {};
  const [total, rows] = await Promise.all([
    prisma.user.count({ where }),
    prisma.user.findMany({
      where,
      orderBy: { id: 'desc' },
      ...pageWindow(options),
      include: { identity: { select: { review_status: true } } },
    }),
  ]);
  return {
    total,
    list: rows.map((user) => ({
      id: user.id,
      account: user.account_number,
      review_status: user.identity?.review_status ?? -1,
      is_seller: user.is_seller,
      status: user.status,
      frozen_funds: user.frozen_funds,
      created_at: user.created_at.toISOString(),
    })),
  };
}

/**
 * One user: the four accounts per currency, the latest account-log lines, what is open, the team parent,
 * whether their funds are frozen, their trade password (second factor), shops and regional agency.
 */
export async function viewUser(prisma: Db, id: number, locale: Locale) {
  const user = await prisma.user.findUnique({
    where: { id },
    include: { parent: { select: { account_number: true } }, identity: { select: { review_status: true } } },
  });
  if (!user) throw new AppError('admin_record_not_found');
  const [wallets, logs, openOrders, positions, microOpen, shops, agent, acceptor, currencies] =
    await Promise.all([
      prisma.wallet.findMany({ where: { user_id: id }, include: { currency: { select: { name: true } } } }),
      prisma.accountLog.findMany({
        where: { user_id: id },
        orderBy: { id: 'desc' },
        take: 20,
        include: { currency: { select: { name: true } } },
      }),
      prisma.spotOrder.count({ where: { user_id: id, state: 'open' } }),
      prisma.leverTransaction.count({ where: { user_id: id, status: { in: [0, 1, 2] } } }),
      prisma.microOrder.count({ where: { user_id: id, status: { in: [1, 2] } } }),
      prisma.p2pSeller.findMany({ where: { user_id: id }, orderBy: { id: 'asc' } }),
      prisma.regionalAgent.findUnique({ where: { user_id: id } }),
      prisma.acceptor.findUnique({ where: { user_id: id }, select: { id: true, status: true } }),
      prisma.currency.findMany({ where: { is_legal: 1 }, select: { id: true, name: true } }),
    ]);
  return {
    id: user.id,
    account: user.account_number,
    parent: user.parent?.account_number ?? '',
    parent_id: user.parent_id,
    review_status: user.identity?.review_status ?? -1,
    is_seller: user.is_seller,
    status: user.status,
    frozen_funds: user.frozen_funds,
    trade_password_set: user.trade_password_hash !== null,
    created_at: user.created_at.toISOString(),
    open_orders: openOrders,
    open_positions: positions,
    open_micro: microOpen,
    shops: shops.map((shop) => ({
      id: shop.id,
      currency: currencies.find((currency) => currency.id === shop.currency_id)?.name ?? '',
      name: shop.name,
      status: shop.status,
    })),
    agent: agent ? { city_name: agent.city_name, district_name: agent.district_name } : null,
    acceptor: acceptor ? { id: acceptor.id, status: acceptor.status } : null,
    balances: wallets.map((wallet) => ({
      currency: wallet.currency.name,
      change: plain(wallet.change_balance),
      lock_change: plain(wallet.lock_change_balance),
      legal: plain(wallet.legal_balance),
      lock_legal: plain(wallet.lock_legal_balance),
      lever: plain(wallet.lever_balance),
      lock_lever: plain(wallet.lock_lever_balance),
      micro: plain(wallet.micro_balance),
      lock_micro: plain(wallet.lock_micro_balance),
    })),
    logs: logs.map(logLine(locale)),
  };
}

/**
 * An account-log line as the console shows it (a user's page, and their paged account log): its type named
 * as the trader reads it, in the operator's language.
 */
export const logLine =
  (locale: Locale) =>
  (log: {
    id: bigint;
    currency: { name: string };
    account: string;
    is_lock: boolean;
    delta: { toFixed: () => string };
    balance_after: { toFixed: () => string };
    type: number;
    memo: string;
    created_at: Date;
  }) => ({
    id: log.id.toString(),
    currency: log.currency.name,
    account: log.account,
    is_lock: log.is_lock,
    delta: plain(log.delta),
    balance_after: plain(log.balance_after),
    type: log.type,
    info: describeLog(locale, log),
    created_at: log.created_at.toISOString(),
  });
