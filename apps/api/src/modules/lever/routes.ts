import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  leverDealSchema,
  type LeverClosedPush,
  leverMyTradeSchema,
  leverPositionsSchema,
} from '@exchange/contracts';
import { prismaSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { userRoom } from '@exchange/kernel/realtime';
import { currentUser } from '../../http/auth';
import { assertMayTrade } from '../user';
import { laravelPaginator } from '../../http/pagination';
import {
  blankAsMissing,
  form,
  int4Id,
  int8Id,
  limitField,
  optionalText,
  pageField,
} from '@exchange/contracts';
import { assertTradePassword } from '../safe';
import { readSetting } from '../system';
import { cancelEntrust } from './cancel-entrust';
import { BATCH_CLOSE_TYPES, batchClose, closePosition, type LeverDeps } from './close-position';
import { markStateOf, readMark } from './mark-price';
import { openPosition } from './open-position';
import { findLeverPair, leverOptions, leverSettings } from './options';
import { LIVE_STATUSES, positionView, userPositions, type PositionRow } from './positions';
import { hazardRate, LEVER_STATUS, LEVER_TYPE, profitAt } from './risk';
import { setStop } from './set-stop';
import { okMessage } from '../../http/envelope';

const pairField = int4Id('lever_pair_closed');
const optionalPairField = blankAsMissing(pairField);
const positionId = int8Id('lever_position_not_found');

const pairBody = form({ legal_id: pairField, currency_id: pairField });
const dealAllBody = form({
  legal_id: pairField,
  currency_id: pairField,
  status: optionalText(2),
  page: pageField,
  limit: limitField(10),
});
const submitBody = form({
  legal_id: pairField,
  currency_id: pairField,
  type: optionalText(2),
  share: optionalText(12),
  multiple: optionalText(12),
  status: optionalText(2),
  target_price: optionalText(64),
  password: optionalText(64),
});
const idBody = form({ id: positionId });
const stopBody = form({
  id: positionId,
  target_profit_price: optionalText(64),
  stop_loss_price: optionalText(64),
});
const batchBody = form({
  type: optionalText(2),
  legal_id: optionalPairField,
  currency_id: optionalPairField,
});
const myTradeBody = form({
  status: optionalText(3),
  legal_id: optionalPairField,
  currency_id: optionalPairField,
  page: pageField,
  limit: limitField(10),
});

/** Marks of the pairs these positions trade on (a pair without a price is left out). */
async function marksFor(app: FastifyInstance, rows: PositionRow[]): Promise<Map<number, MoneyValue>> {
  const marks = new Map<number, MoneyValue>();
  for (const matchId of new Set(rows.map((row) => row.match_id))) {
    const { mark } = await readMark(prismaSql(app.prisma), matchId);
    if (mark) marks.set(matchId, mark);
  }
  return marks;
}

const money = (value: MoneyValue) => toAmountString(value.toDecimalPlaces(8, Money.ROUND_DOWN));

/** A user's risk in one quote currency: available balance, margins, profits and the risk rate. */
async function riskSummary(app: FastifyInstance, userId: number, legalId: number, matchId?: number) {
  const sql = prismaSql(app.prisma);
  const open = await userPositions(sql, userId, [LEVER_STATUS.trading], { legalId });
  const marks = await marksFor(app, open);
  const wallet = await app.prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: legalId } },
  });
  const balance = new Money(wallet?.lever_balance.toFixed() ?? '0');
  const items = open.map((row) => {
    const mark = marks.get(row.match_id);
    return {
      row,
      caution: new Money(row.caution_money),
      originCaution: new Money(row.origin_caution_money),
      profit: mark
        ? profitAt({ type: row.type, price: new Money(row.price), number: new Money(row.number) }, mark)
        : new Money(0),
    };
  });
  const sum = (list: typeof items, pick: (item: (typeof items)[number]) => MoneyValue) =>
    list.reduce((total, item) => total.plus(pick(item)), new Money(0));
  const onPair = matchId === undefined ? items : items.filter((item) => item.row.match_id === matchId);
  return {
    balance,
    marks,
    open,
    hazard_rate: hazardRate(balance, items).toFixed(2),
    caution_money_total: money(sum(items, (item) => item.caution)),
    origin_caution_money_total: money(sum(items, (item) => item.originCaution)),
    profits_total: money(sum(items, (item) => item.profit)),
    caution_money: money(sum(onPair, (item) => item.caution)),
    origin_caution_money: money(sum(onPair, (item) => item.originCaution)),
    profits: money(sum(onPair, (item) => item.profit)),
  };
}

export function leverRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps: LeverDeps = { pool: app.pg, redis: app.redis, redisPrefix: app.config.REDIS_PREFIX };
  const names = new Map<number, { currency: string; legal: string }>();
  const namesOf = async (matchId: number) => {
    let known = names.get(matchId);
    if (!known) {
      const pair = await app.prisma.currencyMatch.findUniqueOrThrow({
        where: { id: matchId },
        include: { currency: true, legal: true },
      });
      known = { currency: pair.currency.name, legal: pair.legal.name };
      names.set(matchId, known);
    }
    return known;
  };
  const views = async (request: FastifyRequest, rows: PositionRow[], marks: Map<number, MoneyValue>) =>
    Promise.all(
      rows.map(async (row) =>
        positionView(row, await namesOf(row.match_id), marks.get(row.match_id), request.locale),
      ),
    );
  const announceClosed = (userId: number, ids: string[]) => {
    const push: LeverClosedPush = { type: 'lever_closed', to: userId, id: ids.map(Number) };
    if (ids.length > 0) app.io.to(userRoom(userId)).emit('lever_closed', push);
  };

  typed.post(
    '/api/lever/deal',
    {
      schema: { body: pairBody, response: { 200: answerSchema(leverDealSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const pair = await findLeverPair(app.prisma, request.body.legal_id, request.body.currency_id);
      const options = await leverOptions(app.prisma, pair);
      const sql = prismaSql(app.prisma);
      const mine = (
        await userPositions(sql, user.id, [LEVER_STATUS.pending, LEVER_STATUS.trading], { matchId: pair.id })
      ).slice(0, 10);
      const markState = await readMark(sql, pair.id);
      const { mark } = markState;
      const marks = new Map(mark ? [[pair.id, mark]] : []);
      // The book of positions, anonymous: hands per open price, longs and shorts, five levels each.
      const book = await sql.query<{ type: number; price: string; share: string }>(
        `SELECT type, price::text AS price, sum(share)::text AS share FROM lever_transactions
       WHERE match_id = $1 AND status = ${LEVER_STATUS.trading} GROUP BY type, price`,
        [pair.id],
      );
      const side = (type: number, descending: boolean) =>
        book
          .filter((level) => level.type === type)
          .sort((a, b) => (descending ? -1 : 1) * new Money(a.price).comparedTo(b.price))
          .slice(0, 5)
          .map((level) => ({ price: toAmountString(level.price), share: Number(level.share) }));
      const wallet = await app.prisma.wallet.findUnique({
        where: { user_id_currency_id: { user_id: user.id, currency_id: pair.legal_id } },
      });
      const allLevers = mine
        .filter((row) => row.status === LEVER_STATUS.trading)
        .reduce((sum, row) => sum.plus(new Money(row.number).times(row.price)), new Money(0));
      const rate = await readSetting(app.prisma, 'USDTRate');
      return {
        type: 'ok' as const,
        message: {
          lever_transaction: { in: side(LEVER_TYPE.long, true), out: side(LEVER_TYPE.short, false) },
          my_transaction: await views(request, mine, marks),
          lever_share_limit: { min: options.minShare, max: options.maxShare },
          multiple: {
            muit: options.multiples.map((value) => ({ value })),
            share: options.shares.map((value) => ({ value })),
          },
          lever_share_num: options.shareNum.toFixed(),
          lever_trade_fee: options.feePercent.toFixed(),
          spread: options.spreadPercent.toFixed(),
          overnight: options.overnightPercent.toFixed(),
          last_price: mark ? toAmountString(mark.toDecimalPlaces(pair.price_decimals)) : '0',
          mark_state: markStateOf(markState),
          user_lever: toAmountString(wallet?.lever_balance.toFixed() ?? '0'),
          all_levers: money(allLevers),
          ustd_price: toAmountString(pair.legal.price.toFixed()),
          ExRAte: rate,
        },
      };
    },
  );

  typed.post(
    '/api/lever/dealall',
    {
      schema: { body: dealAllBody, response: { 200: answerSchema(leverPositionsSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      const pair = await findLeverPair(app.prisma, body.legal_id, body.currency_id);
      const summary = await riskSummary(app, user.id, pair.legal_id, pair.id);
      const status = body.status === '' ? LEVER_STATUS.trading : Number(body.status);
      const statuses = [0, 1, 2, 3, 4].includes(status) ? [status] : [LEVER_STATUS.trading];
      const rows = await userPositions(prismaSql(app.prisma), user.id, statuses, { matchId: pair.id });
      const page = rows.slice((body.page - 1) * body.limit, body.page * body.limit);
      const { balance, marks, open: _open, ...totals } = summary;
      return {
        type: 'ok' as const,
        message: {
          balance: toAmountString(balance),
          ...totals,
          order: laravelPaginator(
            await views(request, page, marks),
            rows.length,
            body.page,
            body.limit,
            '/api/lever/dealall',
          ),
        },
      };
    },
  );

  typed.post(
    '/api/lever/submit',
    { schema: { body: submitBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      assertMayTrade(user.frozen_funds === 1);
      const { body } = request;
      if (body.password === '') throw new AppError('trade_password_required');
      await assertTradePassword(app.redis, user, body.password);
      await openPosition({ ...deps, prisma: app.prisma }, user.id, {
        legalId: body.legal_id,
        currencyId: body.currency_id,
        type: body.type,
        share: body.share,
        multiple: body.multiple,
        status: body.status,
        targetPrice: body.target_price,
      });
      return okMessage(request.locale, 'lever_submitted');
    },
  );

  typed.post(
    '/api/lever/close',
    { schema: { body: idBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const settled = await closePosition(deps, user.id, BigInt(request.body.id));
      announceClosed(user.id, [settled.id]);
      return okMessage(request.locale, 'lever_closed');
    },
  );

  typed.post(
    '/api/lever/cancel',
    { schema: { body: idBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      await cancelEntrust(deps, user.id, BigInt(request.body.id));
      announceClosed(user.id, [String(request.body.id)]);
      return okMessage(request.locale, 'lever_cancelled');
    },
  );

  typed.post(
    '/api/lever/setstop',
    { schema: { body: stopBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const { stopsOpen } = await leverSettings(app.prisma);
      await setStop(deps, user.id, {
        id: BigInt(request.body.id),
        targetProfit: request.body.target_profit_price,
        stopLoss: request.body.stop_loss_price,
        stopsOpen,
      });
      return okMessage(request.locale, 'lever_stop_set');
    },
  );

  typed.post(
    '/api/lever/batch_close',
    { schema: { body: batchBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const type = request.body.type === '' ? BATCH_CLOSE_TYPES.all : Number(request.body.type);
      if (![0, 1, 2].includes(type)) throw new AppError('lever_batch_type_invalid');
      const closed = await batchClose(deps, user.id, {
        type,
        legalId: request.body.legal_id,
        currencyId: request.body.currency_id,
      });
      announceClosed(user.id, closed);
      return okMessage(request.locale, 'lever_batch_submitted');
    },
  );

  typed.post(
    '/api/lever/my_trade',
    {
      schema: { body: myTradeBody, response: { 200: answerSchema(leverMyTradeSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      const status = body.status === '' ? -1 : Number(body.status);
      const statuses = [0, 1, 2, 3, 4].includes(status) ? [status] : [0, 1, 2, 3, 4];
      let matchId: number | undefined;
      if (body.legal_id !== undefined && body.currency_id !== undefined) {
        const pair = await app.prisma.currencyMatch.findUnique({
          where: { legal_id_currency_id: { legal_id: body.legal_id, currency_id: body.currency_id } },
        });
        matchId = pair?.id ?? -1;
      }
      const sql = prismaSql(app.prisma);
      const filter = { matchId, legalId: body.legal_id };
      const [{ total = 0 } = {}] = await sql.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM lever_transactions WHERE user_id = $1 AND status = ANY($2::int[])
         AND ($3::int IS NULL OR legal_id = $3) AND ($4::int IS NULL OR match_id = $4)`,
        [user.id, statuses, filter.legalId ?? null, filter.matchId ?? null],
      );
      const rows = await sql.query<PositionRow>(
        `SELECT * FROM lever_transactions WHERE user_id = $1 AND status = ANY($2::int[])
         AND ($3::int IS NULL OR legal_id = $3) AND ($4::int IS NULL OR match_id = $4)
       ORDER BY id DESC LIMIT $5 OFFSET $6`,
        [
          user.id,
          statuses,
          filter.legalId ?? null,
          filter.matchId ?? null,
          body.limit,
          (body.page - 1) * body.limit,
        ],
      );
      const marks = await marksFor(
        app,
        rows.filter((row) => LIVE_STATUSES.includes(row.status as 0 | 1 | 2)),
      );
      const legalId = body.legal_id ?? rows[0]?.legal_id;
      const risk = legalId === undefined ? undefined : await riskSummary(app, user.id, legalId);
      return {
        type: 'ok' as const,
        message: {
          rate_profits_total: {
            hazard_rate: risk?.hazard_rate ?? '0.00',
            profits_total: risk?.profits_total ?? '0',
          },
          message: laravelPaginator(
            await views(request, rows, marks),
            total,
            body.page,
            body.limit,
            '/api/lever/my_trade',
          ),
        },
      };
    },
  );
}
