import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSchema, currencyDetailSchema, quotationGroupSchema } from '@exchange/contracts';
import type { Currency } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { int4Id } from '@exchange/contracts';
import { readSetting } from '../system';
import { symbolOf, type Pair } from './pairs';
import { dayStats } from './tickers';

/** The market list by quote currency, with the caller's favourites flagged, and one currency's details. */
export function marketListRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/currency/quotation_new',
    {
      schema: { response: { 200: answerSchema(z.array(quotationGroupSchema)) } },
      onRequest: app.optionalUser,
    },
    async (request) => {
      const favorites = request.user
        ? new Set(
            (await app.prisma.favoritePair.findMany({ where: { user_id: request.user.id } })).map(
              (row) => row.match_id,
            ),
          )
        : new Set<number>();
      const legals = await app.prisma.currency.findMany({
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
        const cny = await cnyPerUnit(app, legal);
        const quotation = [];
        for (const pair of pairs)
          quotation.push({
            ...(await describePair(app, pair, cny)),
            added: favorites.has(pair.id) ? (1 as const) : (0 as const),
          });
        groups.push({
          ...currencyFields(legal),
          rmb_relation: toFixedString(cny, 4),
          fiat_convert_cny: toFixedString(cny, 4),
          quotation,
        });
      }
      return { type: 'ok' as const, message: groups };
    },
  );

  typed.get(
    '/api/currency/detail',
    {
      schema: {
        querystring: z.object({ id: int4Id() }),
        response: { 200: answerSchema(currencyDetailSchema) },
      },
    },
    async (request) => {
      const currency = await app.prisma.currency.findUnique({ where: { id: request.query.id } });
      if (!currency) throw new AppError('currency_not_found');
      return { type: 'ok' as const, message: { ...currencyFields(currency), desc: currency.description } };
    },
  );
}

/** CNY per unit of a quote currency: the USDT rate times the currency's USDT value. */
export async function cnyPerUnit(app: FastifyInstance, legal: Currency): Promise<Money> {
  const usdtRate = new Money(await readSetting(app.prisma, 'USDTRate'));
  return legal.name === 'USDT' ? usdtRate : usdtRate.times(legal.price.toFixed());
}

async function describePair(app: FastifyInstance, pair: Pair, cnyPerQuote: Money) {
  const stats = await dayStats(app.prisma, pair.id);
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

function currencyFields(currency: Currency) {
  return {
    id: currency.id,
    name: currency.name,
    full_name: currency.full_name,
    sort: currency.sort,
    logo: currency.logo,
    is_display: currency.is_display,
    is_legal: currency.is_legal,
    is_lever: currency.is_lever,
    is_match: currency.is_match,
    is_micro: currency.is_micro,
    decimal_scale: currency.decimal_scale,
  };
}
