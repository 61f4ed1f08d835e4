import type {
  Acceptor as AcceptorRow,
  AcceptorDeal as AcceptorDealRow,
  AcceptorInfo,
} from '@exchange/contracts';
import type { Acceptor, AcceptorDeal, Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { isWay, WAY_NAMES } from '../c2c';
import { DEAL_PAGE_SIZE } from './rules';

const wayName = (locale: Locale, way: string) => (isWay(way) ? translate(locale, WAY_NAMES[way]) : way);

/** The acceptor's account for a way: what the user pays to. */
function accountFor(acceptor: Acceptor | undefined, way: string): string {
  if (!acceptor) return '';
  if (way === 'we_chat') return acceptor.wechat_account;
  if (way === 'ali_pay') return acceptor.ali_account;
  return `${acceptor.bank_name} ${acceptor.bank_account}`;
}

/** Deal rows; `hes_account` is the acceptor's account for the deal's way. */
async function dealRows(prisma: Db, locale: Locale, deals: AcceptorDeal[]): Promise<AcceptorDealRow[]> {
  const acceptors = await prisma.acceptor.findMany({
    where: { id: { in: [...new Set(deals.map((deal) => deal.acceptor_id))] } },
  });
  return deals.map((deal) => {
    const acceptor = acceptors.find((candidate) => candidate.id === deal.acceptor_id);
    return {
      id: deal.id,
      type: deal.type as AcceptorDealRow['type'],
      acceptor_id: deal.acceptor_id,
      acceptor_name: acceptor?.name ?? '',
      hes_account: accountFor(acceptor, deal.way),
      deal_account: deal.deal_account,
      mobile: deal.mobile,
      way: deal.way,
      way_name: wayName(locale, deal.way),
      money: toAmountString(deal.money.toFixed()),
      rate: toAmountString(deal.rate.toFixed()),
      number: toAmountString(deal.number.toFixed()),
      is_sure: deal.is_sure,
      transferred: deal.transferred_at ? 1 : 0,
      auto_confirm_time: deal.auto_confirm_at ? formatDateTime(deal.auto_confirm_at) : '',
      create_time: formatDateTime(deal.created_at),
      update_time: deal.is_sure > 0 ? formatDateTime(deal.updated_at) : '',
    };
  });
}

/** An acceptor's quotas and rates, as every row of the contract shows them. */
const quotas = (acceptor: Acceptor) => ({
  id: acceptor.id,
  name: acceptor.name,
  recharge_amount: toAmountString(acceptor.recharge_amount.toFixed()),
  recharge_rate: toAmountString(acceptor.recharge_rate.toFixed()),
  cash_amount: toAmountString(acceptor.cash_amount.toFixed()),
  cash_rate: toAmountString(acceptor.cash_rate.toFixed()),
});

/** The active acceptors, oldest first. */
export async function activeAcceptors(prisma: Db): Promise<AcceptorRow[]> {
  const acceptors = await prisma.acceptor.findMany({ where: { status: 1 }, orderBy: { id: 'asc' } });
  return acceptors.map((acceptor) => ({ ...quotas(acceptor), user_id: acceptor.user_id }));
}

/** One active acceptor: where to pay it, and the caller's legal balance of its currency. */
export async function acceptorInfo(prisma: Db, userId: number, rawId: string): Promise<AcceptorInfo> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const acceptor = await prisma.acceptor.findFirst({ where: { id, status: 1 } });
  if (!acceptor) throw new AppError('acceptor_not_found');
  const [currency, wallet] = await Promise.all([
    prisma.currency.findUniqueOrThrow({ where: { id: acceptor.currency_id } }),
    prisma.wallet.findUnique({
      where: { user_id_currency_id: { user_id: userId, currency_id: acceptor.currency_id } },
    }),
  ]);
  return {
    ...quotas(acceptor),
    currency_id: currency.id,
    currency_name: currency.name,
    user_balance: toAmountString(wallet?.legal_balance.toFixed() ?? '0'),
    wechat_nickname: acceptor.wechat_nickname,
    wechat_account: acceptor.wechat_account,
    ali_nickname: acceptor.ali_nickname,
    ali_account: acceptor.ali_account,
    bank_name: acceptor.bank_name,
    bank_account: acceptor.bank_account,
    bank_address: acceptor.bank_address,
  };
}

/** One page of deals, newest first, of a type when `type` names one. */
async function dealPage(
  prisma: Db,
  locale: Locale,
  where: { user_id: number } | { acceptor_id: number },
  type: string,
  page: number,
) {
  const deals = await prisma.acceptorDeal.findMany({
    where: { ...where, ...(type === 'buy' || type === 'sell' ? { type } : {}) },
    orderBy: { id: 'desc' },
    skip: (page - 1) * DEAL_PAGE_SIZE,
    take: DEAL_PAGE_SIZE,
  });
  return dealRows(prisma, locale, deals);
}

/** The caller's deals (`my_deal`): the type may come as `type` or, as the original sent it, `way`. */
export function myDeals(
  prisma: Db,
  locale: Locale,
  userId: number,
  query: { type: string; way: string; page: number },
) {
  return dealPage(prisma, locale, { user_id: userId }, query.type || query.way, query.page);
}

/** The deals of the caller's acceptor desk; refused to everyone who is not an acceptor. */
export async function deskDeals(
  prisma: Db,
  locale: Locale,
  userId: number,
  query: { type: string; page: number },
) {
  const acceptor = await prisma.acceptor.findUnique({ where: { user_id: userId } });
  if (!acceptor) throw new AppError('acceptor_not_acceptor');
  return dealPage(prisma, locale, { acceptor_id: acceptor.id }, query.type, query.page);
}
