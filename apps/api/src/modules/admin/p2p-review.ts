import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { createAcceptor, setAcceptorStatus } from '../acceptor';
import { approveSeller, suspendSeller } from '../c2c';
import { recordTrail, type Actor } from './trail';

const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

const fiatCurrency = async (prisma: Db, name: string) => {
  const currency = await prisma.currency.findUnique({ where: { name: name.toUpperCase() } });
  if (currency?.is_legal !== 1) throw new AppError('currency_not_found');
  return currency;
};

/**
 * One appealed order with what each party said and where the fiat should have gone: the parties' appeal
 * statements (the appellant's reason first; there is no chat between the parties otherwise), both parties'
 * payment details, and the order's timeline.
 */
export async function appealDetail(prisma: Db, id: number) {
  const order = await prisma.p2pOrder.findUnique({ where: { id } });
  if (!order || order.appeal_state === 0) throw new AppError('admin_record_not_found');
  const partyIds = [order.user_id, order.seller_id];
  const [users, cashInfos, currency, statements] = await Promise.all([
    prisma.user.findMany({
      where: { id: { in: partyIds } },
      select: { id: true, account_number: true, frozen_funds: true, identity: { select: { name: true } } },
    }),
    prisma.userCashInfo.findMany({ where: { user_id: { in: partyIds } } }),
    prisma.currency.findUnique({ where: { id: order.currency_id }, select: { name: true } }),
    prisma.p2pAppealMessage.findMany({ where: { order_id: order.id }, orderBy: { id: 'asc' } }),
  ]);
  // The appellant's first statement is the appeal's reason; everything after is a later statement.
  const firstId = statements[0]?.id;
  const asMessage = (statement: (typeof statements)[number]) => ({
    kind: statement.id === firstId && statement.user_id === order.appeal_by ? 'appeal' : 'statement',
    text: statement.body,
    at: statement.created_at.toISOString(),
  });
  const party = (userId: number, role: 'taker' | 'ad_owner') => {
    const user = users.find((row) => row.id === userId);
    const cash = cashInfos.find((row) => row.user_id === userId);
    return {
      role,
      user_id: userId,
      account: user?.account_number ?? '',
      real_name: user?.identity?.name ?? '',
      frozen_funds: user?.frozen_funds ?? 0,
      pays_fiat: order.escrow_user_id !== userId,
      cash_info: {
        real_name: cash?.real_name ?? '',
        bank_name: cash?.bank_name ?? '',
        bank_account: cash?.bank_account ?? '',
        alipay_account: cash?.alipay_account ?? '',
        wechat_account: cash?.wechat_account ?? '',
      },
      messages: statements.filter((statement) => statement.user_id === userId).map(asMessage),
    };
  };
  const accountOf = (userId: number) => users.find((row) => row.id === userId)?.account_number ?? '';
  return {
    id: order.id,
    kind: order.kind,
    type: order.type,
    way: order.way,
    currency: currency?.name ?? '',
    number: plain(order.number),
    price: plain(order.price),
    deal_money: plain(order.deal_money),
    is_sure: order.is_sure,
    appeal_state: order.appeal_state,
    appeal_by: order.appeal_by,
    resolution: order.resolution,
    resolution_reason: order.resolution_reason,
    created_at: order.created_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? '',
    pay_deadline: order.pay_deadline.toISOString(),
    parties: [party(order.user_id, 'taker'), party(order.seller_id, 'ad_owner')],
    // Both parties' statements in the order they were made, each with who made it.
    messages: statements.map((statement) => ({
      ...asMessage(statement),
      user_id: statement.user_id,
      account: accountOf(statement.user_id),
      role: statement.user_id === order.escrow_user_id ? ('seller' as const) : ('buyer' as const),
      party: statement.user_id === order.user_id ? ('taker' as const) : ('ad_owner' as const),
    })),
  };
}

/** Sellers (shops) of every currency, newest first, with their accounts. */
export async function listSellers(prisma: Db, options: { page: number; limit: number }) {
  const [total, rows] = await Promise.all([
    prisma.p2pSeller.count(),
    prisma.p2pSeller.findMany({
      orderBy: { id: 'desc' },
      skip: (options.page - 1) * options.limit,
      take: options.limit,
    }),
  ]);
  const [users, currencies] = await Promise.all([
    prisma.user.findMany({
      where: { id: { in: rows.map((row) => row.user_id) } },
      select: { id: true, account_number: true },
    }),
    prisma.currency.findMany({ where: { is_legal: 1 }, select: { id: true, name: true } }),
  ]);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      account: users.find((user) => user.id === row.user_id)?.account_number ?? '',
      currency: currencies.find((currency) => currency.id === row.currency_id)?.name ?? '',
      name: row.name,
      status: row.status,
      created_at: row.created_at.toISOString(),
    })),
  };
}

/**
 * Approves a user as a seller of a fiat-account currency through the P2P area's own function (`ops
 * seller:approve`): the shop row turns on and the user's is_seller flag with it; the trail is written in the
 * same transaction. An active shop is not approved twice.
 */
export async function approveSellerAsOperator(
  prisma: Db,
  actor: Actor,
  input: { id: number; currency: string; name: string; reason: string },
) {
  const user = await prisma.user.findUnique({ where: { id: input.id } });
  if (!user) throw new AppError('admin_record_not_found');
  const currency = await fiatCurrency(prisma, input.currency);
  const before = await prisma.p2pSeller.findUnique({
    where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
  });
  if (before?.status === 1) throw new AppError('admin_already_processed');
  return approveSeller(
    prisma,
    { account: user.account_number, currency: currency.name, name: input.name, reason: input.reason },
    (tx, seller) =>
      recordTrail(tx, actor, {
        action: 'seller.approve',
        targetType: 'p2p_seller',
        targetId: seller.id,
        before: before ? { status: before.status, name: before.name } : undefined,
        after: { user_id: user.id, currency: currency.name, status: seller.status, name: seller.name },
        reason: input.reason,
      }),
  );
}

/** Why a guarded change matched nothing: someone already made it, or there is no such record. */
const refusalFor = (matching: number) =>
  new AppError(matching > 0 ? 'admin_already_processed' : 'admin_record_not_found');

/**
 * Suspends an active shop through the P2P area's own action (new shop ads are refused; the user's is_seller
 * flag goes off with their last active shop), with the trail in its transaction.
 */
export async function suspendSellerAsOperator(
  prisma: Db,
  actor: Actor,
  input: { id: number; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const suspended = await suspendSeller(prisma, {
    id: input.id,
    within: (tx, seller, stillSelling) =>
      recordTrail(tx, actor, {
        action: 'seller.suspend',
        targetType: 'p2p_seller',
        targetId: seller.id,
        before: { status: 1 },
        after: { status: 0, is_seller: stillSelling ? 1 : 0 },
        reason: input.reason,
      }),
  });
  if (!suspended) throw refusalFor(await prisma.p2pSeller.count({ where: { id: input.id } }));
  return { id: suspended.seller.id, status: suspended.seller.status };
}

/** Acceptors with their rates, quotas and status, oldest first. */
export async function listAcceptors(prisma: Db) {
  const rows = await prisma.acceptor.findMany({ orderBy: { id: 'asc' }, take: 200 });
  const users = await prisma.user.findMany({
    where: { id: { in: rows.map((row) => row.user_id) } },
    select: { id: true, account_number: true },
  });
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    account: users.find((user) => user.id === row.user_id)?.account_number ?? '',
    name: row.name,
    recharge_rate: plain(row.recharge_rate),
    cash_rate: plain(row.cash_rate),
    recharge_amount: plain(row.recharge_amount),
    cash_amount: plain(row.cash_amount),
    status: row.status,
    created_at: row.created_at.toISOString(),
  }));
}

/** A rate or quota the console sends: a plain positive number (quotas may be zero), at most 8 decimals. */
function checkNumber(raw: string, field: string, allowZero: boolean): string {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(raw)) throw new AppError('admin_field_required', { field });
  const value = new Money(raw);
  if (allowZero ? value.lt(0) : value.lte(0)) throw new AppError('admin_field_required', { field });
  return value.toFixed();
}

/**
 * Approves a user as an acceptor (or changes an existing acceptor's terms) through the acceptor area's own
 * function (`ops acceptor:create`); its own fiat balance backs the deposits it takes. Trail in the same
 * transaction.
 */
export async function approveAcceptor(
  prisma: Db,
  actor: Actor,
  input: {
    id: number;
    name: string;
    recharge_rate: string;
    cash_rate: string;
    recharge_amount: string;
    cash_amount: string;
    reason: string;
  },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const user = await prisma.user.findUnique({ where: { id: input.id } });
  if (!user) throw new AppError('admin_record_not_found');
  const terms = {
    rechargeRate: checkNumber(input.recharge_rate, 'recharge_rate', false),
    cashRate: checkNumber(input.cash_rate, 'cash_rate', false),
    rechargeAmount: checkNumber(input.recharge_amount || '0', 'recharge_amount', true),
    cashAmount: checkNumber(input.cash_amount || '0', 'cash_amount', true),
  };
  const before = await prisma.acceptor.findUnique({ where: { user_id: user.id } });
  return createAcceptor(
    prisma,
    { account: user.account_number, name: input.name, reason: input.reason, ...terms },
    (tx, acceptor) =>
      recordTrail(tx, actor, {
        action: 'acceptor.approve',
        targetType: 'acceptor',
        targetId: acceptor.id,
        before: before ?? undefined,
        after: acceptor,
        reason: input.reason,
      }),
  );
}

/** Suspends (0) or resumes (1) an acceptor through the acceptor area's own action, with the trail. */
export async function setAcceptorStatusAsOperator(
  prisma: Db,
  actor: Actor,
  input: { id: number; status: 0 | 1; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const after = await setAcceptorStatus(prisma, {
    id: input.id,
    status: input.status,
    within: (tx, acceptor) =>
      recordTrail(tx, actor, {
        action: input.status === 1 ? 'acceptor.resume' : 'acceptor.suspend',
        targetType: 'acceptor',
        targetId: acceptor.id,
        before: { status: input.status === 1 ? 0 : 1 },
        after: { status: acceptor.status },
        reason: input.reason,
      }),
  });
  if (!after) throw refusalFor(await prisma.acceptor.count({ where: { id: input.id } }));
  return { id: after.id, status: after.status };
}
