import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Currency } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';
import { translate } from '@exchange/kernel/i18n';
import { form, optionalText, positiveId } from '../../http/schemas';
import { Money, toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { readSetting } from '../system';
import { candleOpen, parsePeriod } from './candles';
import { findPairBySymbol, symbolOf, type Pair } from './pairs';
import { SIDE } from './place-order';
import { dayStats } from './tickers';

const BOOK_LEVELS = 10;
const RECENT_TRADES = 15;
const MAX_CANDLES = 1_500;

export function marketRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** CNY per unit of a quote currency: the USDT rate times the currency's USDT value. */
  const cnyPerUnit = async (legal: Currency) => {
    const usdtRate = new Money(await readSetting(app.prisma, 'USDTRate'));
    return legal.name === 'USDT' ? usdtRate : usdtRate.times(legal.price.toFixed());
  };

  typed.get('/api/currency/quotation_new', { onRequest: app.optionalUser }, async (request) => {
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
      const cny = await cnyPerUnit(legal);
      const quotation = [];
      for (const pair of pairs)
        quotation.push({ ...(await describePair(pair, cny)), added: favorites.has(pair.id) ? 1 : 0 });
      groups.push({
        ...currencyFields(legal),
        rmb_relation: toFixedString(cny, 4),
        fiat_convert_cny: toFixedString(cny, 4),
        quotation,
      });
    }
    return { type: 'ok', message: groups };
  });

  async function describePair(pair: Pair, cnyPerQuote: Money) {
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

  const pairBody = form({ legal_id: positiveId, currency_id: positiveId });

  typed.post(
    '/api/transaction/deal',
    { schema: { body: pairBody }, onRequest: app.optionalUser },
    async (request) => {
      const pair = await app.prisma.currencyMatch.findUnique({
        where: {
          legal_id_currency_id: { legal_id: request.body.legal_id, currency_id: request.body.currency_id },
        },
        include: { legal: true, currency: true },
      });
      if (!pair) throw new AppError('pair_not_tradable');
      const level = async (side: number) => {
        const rows = await app.prisma.$queryRawUnsafe<{ price: string; number: string }[]>(
          `SELECT price::text, SUM(amount - filled)::text AS number FROM spot_orders
         WHERE match_id = $1 AND state = 'open' AND side = $2 GROUP BY price ORDER BY price ${side === SIDE.buy ? 'DESC' : 'ASC'} LIMIT ${BOOK_LEVELS}`,
          pair.id,
          side,
        );
        return rows.map((row) => ({
          currency: pair.currency_id,
          legal: pair.legal_id,
          price: toAmountString(row.price),
          number: toAmountString(row.number),
        }));
      };
      const [bids, asks, trades] = await Promise.all([
        level(SIDE.buy),
        level(SIDE.sell),
        app.prisma.spotTrade.findMany({
          where: { match_id: pair.id },
          orderBy: { id: 'desc' },
          take: RECENT_TRADES,
        }),
      ]);
      const lastPrice = trades[0] ? new Money(trades[0].price.toFixed()) : new Money(0);
      const balances = request.user
        ? await app.prisma.wallet.findMany({
            where: { user_id: request.user.id, currency_id: { in: [pair.legal_id, pair.currency_id] } },
          })
        : [];
      const available = (currencyId: number) =>
        toAmountString(
          balances.find((wallet) => wallet.currency_id === currencyId)?.change_balance.toFixed() ?? '0',
        );
      return {
        type: 'ok',
        message: {
          in: bids,
          out: asks.reverse(),
          complete: trades.map((trade) => ({
            id: trade.id.toString(),
            price: toAmountString(trade.price.toFixed()),
            number: toAmountString(trade.amount.toFixed()),
            way: trade.taker_side,
            create_time: formatDateTime(trade.created_at),
            time: trade.created_at.getTime(),
          })),
          last_price: toAmountString(lastPrice),
          cny_price: toFixedString(lastPrice.times(await cnyPerUnit(pair.legal)), 2),
          user_legal: available(pair.legal_id),
          user_currency: available(pair.currency_id),
        },
      };
    },
  );

  typed.get(
    '/api/currency/detail',
    { schema: { querystring: z.object({ id: positiveId }) } },
    async (request) => {
      const currency = await app.prisma.currency.findUnique({ where: { id: request.query.id } });
      if (!currency) throw new AppError('currency_not_found');
      return { type: 'ok', message: { ...currencyFields(currency), desc: currency.description } };
    },
  );

  typed.post(
    '/api/market/get_current',
    {
      schema: {
        body: form({
          base_currency: optionalText(16),
          quote_currency: optionalText(16),
          period: optionalText(8),
        }),
      },
    },
    async (request) => {
      const pair = await pairByNames(request.body.base_currency, request.body.quote_currency);
      const period = parsePeriod(request.body.period || '1day') ?? '1day';
      const stats = await dayStats(app.prisma, pair.id);
      if (period === '1day') {
        return {
          type: 'ok',
          message: {
            change: stats.change,
            vol: stats.volume,
            high: stats.high,
            low: stats.low,
            close: stats.now_price,
            open: stats.open,
          },
        };
      }
      const candle = await app.prisma.candle.findUnique({
        where: {
          match_id_period_open_time: { match_id: pair.id, period, open_time: candleOpen(period, new Date()) },
        },
      });
      const open = new Money(candle?.open.toFixed() ?? stats.now_price);
      const close = new Money(candle?.close.toFixed() ?? stats.now_price);
      const change = open.gt(0) ? close.minus(open).div(open).times(100) : new Money(0);
      return {
        type: 'ok',
        message: {
          change: `${change.isNegative() ? '' : '+'}${change.toFixed(2)}`,
          vol: toAmountString(candle?.volume.toFixed() ?? '0'),
          high: toAmountString(candle?.high.toFixed() ?? close),
          low: toAmountString(candle?.low.toFixed() ?? close),
          close: toAmountString(close),
          open: toAmountString(open),
        },
      };
    },
  );

  async function pairByNames(base: string, quote: string): Promise<Pair> {
    const resolve = async (value: string) =>
      /^\d+$/.test(value)
        ? (await app.prisma.currency.findUnique({ where: { id: Number(value) } }))?.name
        : value.toUpperCase();
    const pair = await findPairBySymbol(app.prisma, `${await resolve(base)}/${await resolve(quote)}`);
    if (!pair) throw new AppError('pair_not_tradable');
    return pair;
  }

  // Candles in the contract's {code, msg, data} shape (this call does not use the {type, message} envelope).
  typed.get(
    '/api/currency/new_timeshar',
    {
      schema: {
        querystring: z.object({
          symbol: optionalText(32),
          period: optionalText(8),
          from: optionalText(16),
          to: optionalText(16),
        }),
      },
    },
    async (request) => {
      const { symbol } = request.query;
      const period = parsePeriod(request.query.period || '1min');
      const pair = symbol ? await findPairBySymbol(app.prisma, symbol) : null;
      if (!pair || !period)
        return {
          code: -1,
          msg: translate(request.locale, pair ? 'bad_request' : 'pair_not_tradable'),
          data: [],
        };
      const seconds = (raw: string, fallback: number) =>
        /^\d{1,12}$/.test(raw) ? Number(raw) * 1000 : fallback;
      const to = new Date(seconds(request.query.to, Date.now()));
      const from = new Date(seconds(request.query.from, 0));
      const candles = await app.prisma.candle.findMany({
        where: { match_id: pair.id, period, open_time: { gte: from, lte: to } },
        orderBy: { open_time: 'desc' },
        take: MAX_CANDLES,
      });
      const data = candles.reverse().map((candle) => ({
        id: Math.floor(candle.open_time.getTime() / 1000),
        period,
        'base-currency': pair.currency.name,
        'quote-currency': pair.legal.name,
        open: toAmountString(candle.open.toFixed()),
        close: toAmountString(candle.close.toFixed()),
        high: toAmountString(candle.high.toFixed()),
        low: toAmountString(candle.low.toFixed()),
        vol: toAmountString(candle.amount.toFixed()),
        amount: toAmountString(candle.volume.toFixed()),
        volume: toAmountString(candle.volume.toFixed()),
        time: candle.open_time.getTime(),
      }));
      return { code: 1, msg: 'success', data };
    },
  );

  // Favourite pairs of the market list: toggled one at a time, shown as `added` in quotation_new.
  typed.post(
    '/api/currency/optional',
    { schema: { body: form({ match_id: positiveId }) }, onRequest: app.requireUser },
    async (request) => {
      const user_id = request.user?.id ?? 0;
      const match_id = request.body.match_id;
      if (!(await app.prisma.currencyMatch.findUnique({ where: { id: match_id } })))
        throw new AppError('pair_not_tradable');
      const removed = await app.prisma.favoritePair.deleteMany({ where: { user_id, match_id } });
      if (removed.count === 0)
        await app.prisma.favoritePair.upsert({
          where: { user_id_match_id: { user_id, match_id } },
          create: { user_id, match_id },
          update: {},
        });
      const added = removed.count === 0;
      return {
        type: 'ok',
        message: translate(request.locale, added ? 'favorite_added' : 'favorite_removed'),
        added: added ? 1 : 0,
      };
    },
  );

  typed.get('/api/currency/optional', { onRequest: app.requireUser }, async (request) => {
    const rows = await app.prisma.favoritePair.findMany({
      where: { user_id: request.user?.id ?? 0 },
      orderBy: { created_at: 'asc' },
    });
    return { type: 'ok', message: rows.map((row) => row.match_id) };
  });
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
