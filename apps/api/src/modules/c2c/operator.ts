import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { pushNotices, type Pusher } from '../notices';
import { resolveAppeal } from './orders';
import { APPEAL } from './rules';
import { approveSeller, suspendSeller } from './sellers';

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
  input: { id: number; currency: string; name: string; reason: string },
  trail: OperatorTrail<Tx>,
) {
  const user = await prisma.user.findUnique({ where: { id: input.id } });
  if (!user) throw new AppError('admin_record_not_found');
  // The console's form may leave the currency blank: shops sell USDT unless told otherwise.
  const currency = await fiatCurrency(prisma, input.currency || 'USDT');
  const before = await prisma.p2pSeller.findUnique({
    where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
  });
  if (before?.status === 1) throw new AppError('admin_already_processed');
  return approveSeller(
    prisma,
    { account: user.account_number, currency: currency.name, name: input.name, reason: input.reason },
    (tx, seller) =>
      trail(tx, {
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
  input: { id: number; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const suspended = await suspendSeller(prisma, {
    id: input.id,
    within: (tx, seller, stillSelling) =>
      trail(tx, {
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

/** P2P orders under appeal, oldest first, with both parties' accounts and the appeal's reason. */
export async function listAppeals(prisma: Db, options: { limit: number }) {
  const orders = await prisma.p2pOrder.findMany({
    where: { appeal_state: APPEAL.open },
    orderBy: { id: 'asc' },
    take: options.limit,
  });
  const ids = [...new Set(orders.flatMap((order) => [order.user_id, order.seller_id]))];
  const users = await prisma.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, account_number: true },
  });
  const accountOf = (id: number) => users.find((user) => user.id === id)?.account_number ?? '';
  return orders.map((order) => ({
    id: order.id,
    kind: order.kind,
    number: plain(order.number),
    deal_money: plain(order.deal_money),
    taker: accountOf(order.user_id),
    ad_owner: accountOf(order.seller_id),
    seller: accountOf(order.escrow_user_id),
    appeal_by: order.appeal_by,
    reason: order.appeal_reason,
    is_sure: order.is_sure,
    created_at: order.created_at.toISOString(),
  }));
}

/**
 * Resolves an appeal with the P2P area's own operator function (`ops p2p:resolve`): release sends the escrow
 * to the buyer, refund returns it to the seller, through the ledger, with the trail line in its transaction;
 * both parties hear of it after the commit.
 */
export async function resolveAppealAsOperator(
  deps: { prisma: Db; pusher: Pusher },
  input: { id: number; decision: 'release' | 'refund'; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const exists = await deps.prisma.p2pOrder.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!exists) throw new AppError('admin_record_not_found');
  const { order, notices } = await resolveAppeal(deps.prisma, {
    ...input,
    within: (tx, before, after) =>
      trail(tx, {
        action: `p2p.${input.decision}`,
        targetType: 'p2p_order',
        targetId: after.id,
        before: { is_sure: before.is_sure, appeal_state: before.appeal_state },
        after: { is_sure: after.is_sure, appeal_state: after.appeal_state, resolution: after.resolution },
        reason: input.reason,
      }),
  });
  pushNotices(deps.pusher, notices);
  return { id: order.id, is_sure: order.is_sure, resolution: order.resolution };
}
