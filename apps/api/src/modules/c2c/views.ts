import type {
  AdType,
  CashInfo as CashInfoView,
  P2pAd as AdRow,
  P2pKind,
  P2pOrder as OrderRow,
  SellerRecord,
} from '@exchange/contracts';
import type { Db, P2pAd, P2pOrder, Prisma } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { maskAccount } from '../user';
import { appealWaitMinutes } from './appeal-order';
import { payerOf } from './orders';
import { IS_SURE, PAGE_SIZE, PRICE_DECIMALS, WAY_NAMES, isWay, type Kind } from './rules';

/** The contract's `pageData()` shape: {data, page, pages, total}. */
export const pageData = <T>(data: T[], page: number, total: number) => ({
  data,
  page,
  pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  total,
});

/** 'H:i m/d', the short time of c2c rows (contract notes section 2), in the exchange's time zone. */
export function shortTime(date: Date): string {
  const full = formatDateTime(date);
  return `${full.slice(11, 16)} ${full.slice(5, 7)}/${full.slice(8, 10)}`;
}

const wayName = (locale: Locale, way: string) => (isWay(way) ? translate(locale, WAY_NAMES[way]) : way);

async function currencyNames(prisma: Db, ids: number[]) {
  const rows = await prisma.currency.findMany({ where: { id: { in: [...new Set(ids)] } } });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Names shown for ad owners: a shop's name for shop ads, a masked account for c2c. */
async function ownerNames(prisma: Db, ads: P2pAd[]) {
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(ads.map((ad) => ad.user_id))] } },
    select: { id: true, account_number: true },
  });
  const shops = await prisma.p2pSeller.findMany({
    where: { user_id: { in: users.map((user) => user.id) } },
    select: { user_id: true, currency_id: true, name: true },
  });
  const accounts = new Map(users.map((user) => [user.id, maskAccount(user.account_number)]));
  return (ad: P2pAd) =>
    (ad.kind === 'shop'
      ? shops.find((shop) => shop.user_id === ad.user_id && shop.currency_id === ad.currency_id)?.name
      : undefined) ??
    accounts.get(ad.user_id) ??
    '';
}

/** Ad rows as the market and "my ads" list them; never a contact detail. */
export async function adRows(prisma: Db, locale: Locale, ads: P2pAd[]): Promise<AdRow[]> {
  const [names, owner] = await Promise.all([
    currencyNames(
      prisma,
      ads.map((ad) => ad.currency_id),
    ),
    ownerNames(prisma, ads),
  ]);
  return ads.map((ad) => {
    const sellerName = owner(ad);
    return {
      id: ad.id,
      kind: ad.kind as P2pKind,
      type: ad.type as AdType,
      seller_name: sellerName,
      seller_initial: sellerName.slice(0, 1).toUpperCase(),
      currency_id: ad.currency_id,
      currency_name: names.get(ad.currency_id) ?? '',
      coin_code: ad.coin_code,
      way: ad.way,
      way_name: wayName(locale, ad.way),
      price: toFixedString(ad.price.toFixed(), PRICE_DECIMALS),
      total_number: toAmountString(ad.total_number.toFixed()),
      surplus_number: toAmountString(ad.surplus_number.toFixed()),
      min_number: toAmountString(ad.min_number.toFixed()),
      max_number: toAmountString(ad.max_number.toFixed()),
      is_done: ad.state === 'open' ? 0 : ad.state === 'done' ? 1 : 2,
      state: ad.state as AdRow['state'],
      is_shelves: ad.is_shelves,
      create_time: formatDateTime(ad.created_at),
    };
  });
}

export interface AdFilter {
  kind: Kind;
  type?: string;
  currencyId?: number;
  page: number;
}

/** The type and currency an ad list asks for, as a filter. */
const adFilterWhere = (filter: AdFilter): Prisma.P2pAdWhereInput => ({
  kind: filter.kind,
  ...(filter.type === 'buy' || filter.type === 'sell' ? { type: filter.type } : {}),
  ...(filter.currencyId ? { currency_id: filter.currencyId } : {}),
});

type AdOrder = Prisma.P2pAdOrderByWithRelationInput[];
const NEWEST_FIRST: AdOrder = [{ id: 'desc' }];

/**
 * The market's order for the side a visitor takes, as every P2P market lists it: best price first (the
 * lowest of the sell ads a buyer chooses from, the highest of the buy ads a seller chooses from), then the
 * earlier ad first. A list of both sides has no best price: newest first.
 */
function marketOrder(type: string | undefined): AdOrder {
  if (type !== 'sell' && type !== 'buy') return NEWEST_FIRST;
  return [{ price: type === 'sell' ? 'asc' : 'desc' }, { created_at: 'asc' }, { id: 'asc' }];
}

/** One page of ads in `orderBy`'s order, 10 a page. */
async function adPage(
  prisma: Db,
  locale: Locale,
  query: { where: Prisma.P2pAdWhereInput; orderBy: AdOrder; page: number },
) {
  const { where, orderBy, page } = query;
  const [ads, total] = await Promise.all([
    prisma.p2pAd.findMany({ where, orderBy, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    prisma.p2pAd.count({ where }),
  ]);
  return pageData(await adRows(prisma, locale, ads), page, total);
}

/** The market: open ads of a type (shop ads only while on the shelf), best price for the visitor first. */
export function marketAds(prisma: Db, locale: Locale, filter: AdFilter) {
  const where: Prisma.P2pAdWhereInput = {
    ...adFilterWhere(filter),
    state: 'open',
    ...(filter.kind === 'shop' ? { is_shelves: 1 } : {}),
  };
  return adPage(prisma, locale, { where, orderBy: marketOrder(filter.type), page: filter.page });
}

/** The caller's own ads (not withdrawn), newest first. */
export function myAds(prisma: Db, locale: Locale, userId: number, filter: AdFilter) {
  const where: Prisma.P2pAdWhereInput = {
    ...adFilterWhere(filter),
    user_id: userId,
    state: { not: 'withdrawn' },
  };
  return adPage(prisma, locale, { where, orderBy: NEWEST_FIRST, page: filter.page });
}

type CashInfo = Awaited<ReturnType<Db['userCashInfo']['findUnique']>>;

/** What a payer is shown of the receiving account: the payee's name and the accounts to pay to. */
const cashFields = (info: CashInfo): CashInfoView =>
  info
    ? {
        real_name: info.real_name,
        bank_name: info.bank_name,
        bank_account: info.bank_account,
        alipay_account: info.alipay_account,
        wechat_account: info.wechat_account,
      }
    : {};

/** The account a way pays to, from a cash info. */
const accountFor = (info: CashInfo, way: string) =>
  !info
    ? ''
    : way === 'bank'
      ? `${info.bank_name} ${info.bank_account}`
      : way === 'we_chat'
        ? info.wechat_account
        : way === 'ali_pay'
          ? info.alipay_account
          : '';

/** A party's phone as the other party sees it: masked as names are, and never an e-mail in its place. */
const maskedPhone = (user: { phone: string | null } | undefined) =>
  user?.phone ? maskAccount(user.phone) : '';

/**
 * Order rows for `viewerId`, who is a party of every order given (callers select by party). What a party is
 * shown of the other (document 2, section 3), and nothing more leaves the server: the ad owner's name (as
 * the market shows it), the other party's account and both phones masked, and, only to the party who pays
 * the fiat while the payment is due (unpaid, or paid and awaiting confirmation), the account the money goes
 * to: the receiver's real name and payment details, under the receiver's side (`sell_cash_info` for the ad
 * owner, `user_cash_info` for the taker).
 */
export async function orderRows(
  prisma: Db,
  locale: Locale,
  viewerId: number,
  orders: P2pOrder[],
): Promise<OrderRow[]> {
  const userIds = [...new Set(orders.flatMap((order) => [order.user_id, order.seller_id]))];
  const appealed = orders.filter((order) => order.appeal_state !== 0).map((order) => order.id);
  const [names, users, cash, appealWait, statements] = await Promise.all([
    currencyNames(
      prisma,
      orders.map((order) => order.currency_id),
    ),
    prisma.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, account_number: true, phone: true },
    }),
    prisma.userCashInfo.findMany({ where: { user_id: { in: userIds } } }),
    appealWaitMinutes(prisma),
    appealed.length
      ? prisma.p2pAppealMessage.findMany({ where: { order_id: { in: appealed } }, orderBy: { id: 'asc' } })
      : [],
  ]);
  const userOf = (id: number) => users.find((user) => user.id === id);
  const cashOf = (id: number) => cash.find((info) => info.user_id === id) ?? null;
  return orders.map((order) => {
    const owner = userOf(order.seller_id);
    const other = viewerId === order.user_id ? order.seller_id : order.user_id;
    const payer = payerOf(order);
    const paymentDue = order.is_sure === IS_SURE.unpaid || order.is_sure === IS_SURE.paid;
    const payTo = viewerId === payer && paymentDue ? cashOf(order.escrow_user_id) : null;
    const payToOwner = order.escrow_user_id === order.seller_id;
    return {
      id: order.id,
      kind: order.kind as P2pKind,
      ad_id: order.ad_id,
      type: order.type as AdType,
      is_seller: viewerId === order.seller_id ? 1 : 0,
      role: viewerId === order.escrow_user_id ? 'seller' : 'buyer',
      currency_id: order.currency_id,
      currency_name: names.get(order.currency_id) ?? '',
      number: toAmountString(order.number.toFixed()),
      price: toFixedString(order.price.toFixed(), PRICE_DECIMALS),
      deal_money: toFixedString(order.deal_money.toFixed(), 2),
      coin_code: order.coin_code,
      way: order.way,
      way_name: wayName(locale, order.way),
      out_fee: '0',
      is_sure: order.is_sure,
      appeal_state: order.appeal_state,
      resolution: order.resolution,
      cancelled_by: order.cancelled_by,
      // When a party of a paid order may appeal (the screen counts down to it instead of a refusal).
      appeal_from_ms: order.paid_at ? order.paid_at.getTime() + appealWait * 60_000 : null,
      appeal_messages: statements
        .filter((statement) => statement.order_id === order.id)
        .map((statement) => ({
          from: statement.user_id === viewerId ? ('me' as const) : ('counterparty' as const),
          message: statement.body,
          time: formatDateTime(statement.created_at),
        })),
      create_time: shortTime(order.created_at),
      format_create_time: formatDateTime(order.created_at),
      format_update_time: formatDateTime(order.updated_at),
      pay_deadline: formatDateTime(order.pay_deadline),
      pay_deadline_ms: order.pay_deadline.getTime(),
      seller_name: owner ? maskAccount(owner.account_number) : '',
      account_number: maskAccount(userOf(other)?.account_number ?? ''),
      seller_phone: { phone: maskedPhone(owner) },
      phone: { phone: maskedPhone(userOf(order.user_id)) },
      hes_realname: payTo?.real_name ?? '',
      hes_account: accountFor(payTo, order.way),
      sell_cash_info: payToOwner ? cashFields(payTo) : {},
      user_cash_info: payToOwner ? {} : cashFields(payTo),
      can_pay: viewerId === payer && order.is_sure === IS_SURE.unpaid ? 1 : 0,
      can_cancel: viewerId === payer && order.is_sure === IS_SURE.unpaid ? 1 : 0,
      can_confirm: viewerId === order.escrow_user_id && order.is_sure === IS_SURE.paid ? 1 : 0,
    };
  });
}

/** One order, for one of its two parties only. */
export async function findOrderForParty(prisma: Db, userId: number, id: number, kind?: Kind) {
  return prisma.p2pOrder.findFirst({
    where: { id, ...(kind ? { kind } : {}), OR: [{ user_id: userId }, { seller_id: userId }] },
  });
}

/** An id of a query, or nothing when it is not one (lists then show everything, lookups find nothing). */
const optionalId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

/** A list query as an ad filter. */
export const adFilter = (
  kind: Kind,
  query: { type: string; currency_id: string; page: number },
): AdFilter => ({
  kind,
  type: query.type,
  currencyId: optionalId(query.currency_id),
  page: query.page,
});

/** One page of orders, newest first, as the viewer sees them. */
async function orderPage(
  prisma: Db,
  locale: Locale,
  viewerId: number,
  where: Prisma.P2pOrderWhereInput,
  page: number,
) {
  const [orders, total] = await Promise.all([
    prisma.p2pOrder.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
    prisma.p2pOrder.count({ where }),
  ]);
  return pageData(await orderRows(prisma, locale, viewerId, orders), page, total);
}

/** Orders the caller took. */
export function takerOrders(prisma: Db, locale: Locale, userId: number, kind: Kind, page: number) {
  return orderPage(prisma, locale, userId, { user_id: userId, kind }, page);
}

/** Orders of one of the caller's ads; someone else's ad is not found. */
export async function adOrders(
  prisma: Db,
  locale: Locale,
  userId: number,
  kind: Kind,
  query: { id: string; page: number },
) {
  const adId = optionalId(query.id);
  const ad = adId
    ? await prisma.p2pAd.findFirst({ where: { id: adId, user_id: userId, kind }, select: { id: true } })
    : null;
  if (!ad) throw new AppError('p2p_ad_not_found');
  return orderPage(prisma, locale, userId, { ad_id: ad.id, seller_id: userId, kind }, query.page);
}

/** One order, for one of its two parties; anyone else's is not found. */
export async function partyOrder(prisma: Db, locale: Locale, userId: number, kind: Kind, rawId: string) {
  const id = optionalId(rawId);
  const order = id ? await findOrderForParty(prisma, userId, id, kind) : null;
  const [row] = order ? await orderRows(prisma, locale, userId, [order]) : [];
  if (!row) throw new AppError('p2p_order_not_found');
  return row;
}

/** The seller record: finished orders on the caller's ads, by currency and ad type. */
export async function sellerRecord(
  prisma: Db,
  locale: Locale,
  userId: number,
  filter: { kind: Kind; currencyId?: number; type?: string; page: number },
) {
  const where: Prisma.P2pOrderWhereInput = {
    seller_id: userId,
    kind: filter.kind,
    is_sure: IS_SURE.done,
    ...(filter.currencyId ? { currency_id: filter.currencyId } : {}),
    ...(filter.type === 'buy' || filter.type === 'sell' ? { type: filter.type } : {}),
  };
  const [orders, total] = await Promise.all([
    prisma.p2pOrder.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (filter.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
    prisma.p2pOrder.count({ where }),
  ]);
  const [names, takers] = await Promise.all([
    currencyNames(
      prisma,
      orders.map((order) => order.currency_id),
    ),
    prisma.user.findMany({
      where: { id: { in: orders.map((order) => order.user_id) } },
      select: { id: true, account_number: true },
    }),
  ]);
  const rows = orders.map((order): SellerRecord => ({
    id: order.id,
    type: order.type as AdType,
    currency_name: names.get(order.currency_id) ?? '',
    create_time: formatDateTime(order.created_at),
    number: toAmountString(order.number.toFixed()),
    price: toFixedString(order.price.toFixed(), 3),
    out_fee: '0',
    deal_money: toFixedString(order.deal_money.toFixed(), 2),
    coin_code: order.coin_code,
    way_name: wayName(locale, order.way),
    account_number: maskAccount(takers.find((taker) => taker.id === order.user_id)?.account_number ?? ''),
  }));
  return pageData(rows, filter.page, total);
}
