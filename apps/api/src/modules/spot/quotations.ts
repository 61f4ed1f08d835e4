import type { QuotationGroup } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import type { Money } from '@exchange/kernel/ledger';
import { toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { cnyPerUnit, currencyFields } from './market-currency';
import { symbolOf, type Pair } from './pairs';
import { dayStats } from './tickers';

async function describePair(prisma: Db, pair: Pair, cnyPerQuote: Money) {
  const stats = await dayStats(prisma, pair.id);
  return {
    id: pair.id,
    match_id: pair.id,
    currency_id: pair.currency_id,
    currency_name: pair.currency.name,
    legal_id: pair.legal_id,
    legal_name: pair.legal.name,
    symbol: symbolOf(pair),
    now_price: stats.now_price,
    change: stats.change,
    high: stats.high,
    low: stats.low,
    volume: stats.volume,
    is_display: pair.is_display,
    open_coin_trade: pair.open_coin_trade,
    open_transaction: pair.open_transaction,
    open_lever: pair.open_lever,
    open_microtrade: pair.open_microtrade,
    lever_share_num: toAmountString(pair.lever_share_num.toFixed()),
    price_decimals: pair.price_decimals,
    amount_decimals: pair.amount_decimals,
    min_amount: toAmountString(pair.min_amount.toFixed()),
    maker_fee: toAmountString(pair.maker_fee.toFixed()),
    taker_fee: toAmountString(pair.taker_fee.toFixed()),
    rmb_relation: toFixedString(cnyPerQuote, 4),
    fiat_convert_cny: toFixedString(cnyPerQuote, 4),
    logo: pair.currency.logo,
    category: pair.category,
  };
}

/** The market list by quote currency, with the caller's favourites flagged. */
export async function quotations(prisma: Db, userId: number | undefined): Promise<QuotationGroup[]> {
  const favorites = userId
    ? new Set((await prisma.favoritePair.findMany({ where: { user_id: userId } })).map((row) => row.match_id))
    : new Set<number>();
  const legals = await prisma.currency.findMany({
    where: { is_legal: 1, is_display: 1, pairs_as_quote: { some: { is_display: 1 } } },
    orderBy: { sort: 'asc' },
    include: {
      pairs_as_quote: {
        where: { is_display: 1 },
        orderBy: { sort: 'asc' },
        include: { legal: true, currency: true },
      },
    },
  });
  const groups = [];
  for (const { pairs_as_quote: pairs, ...legal } of legals) {
    const cny = await cnyPerUnit(prisma, legal);
    const quotation = [];
    for (const pair of pairs)
      quotation.push({
        ...(await describePair(prisma, pair, cny)),
        added: favorites.has(pair.id) ? (1 as const) : (0 as const),
      });
    groups.push({
      ...currencyFields(legal),
      rmb_relation: toFixedString(cny, 4),
      fiat_convert_cny: toFixedString(cny, 4),
      quotation,
    });
  }
  return groups;
}
