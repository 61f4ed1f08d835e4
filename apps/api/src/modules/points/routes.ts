import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSchema, jcBindingSchema, jcExchangePageSchema, pointsInfoSchema } from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { currentUser } from '../../http/auth';
import { okMessage } from '../../http/envelope';
import { laravelPaginator } from '../../http/pagination';
import { assertTradePassword } from '../safe';
import { readSettings } from '../system';
import { pointsOf, POINTS_DECIMALS } from './balance';
import { assertBound, bindPartner, findBinding } from './binding';
import { exchangePoints, readJcTerms } from './exchange';
import { exchangeHistory } from './history';
import { bindBody, exchangeBody, HISTORY_PAGE_SIZE, historyQuery } from './schemas';

/** The points ("jc" integral) calls of document 3: partner binding, info, exchange and its history. */
export function pointsRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sql = poolSql(app.pg);
  const terms = async () => readJcTerms(sql, await readSettings(app.prisma));

  typed.get(
    '/api/jc/bind',
    { schema: { response: { 200: answerSchema(jcBindingSchema) } }, onRequest: app.requireUser },
    async (request) => {
      const binding = await findBinding(sql, currentUser(request).id);
      return { type: 'ok' as const, message: { user_name: binding?.user_name ?? '' } };
    },
  );

  typed.post(
    '/api/jc/bind',
    { schema: { body: bindBody, response: { 200: answerSchema(z.string()) } }, onRequest: app.requireUser },
    async (request) => {
      await bindPartner(sql, currentUser(request).id, {
        userName: request.body.user_name,
        password: request.body.password,
      });
      return okMessage(request.locale, 'jc_bound');
    },
  );

  typed.get(
    '/api/jc/info',
    { schema: { response: { 200: answerSchema(pointsInfoSchema) } }, onRequest: app.requireUser },
    async (request) => {
      const userId = currentUser(request).id;
      await assertBound(sql, userId);
      const [current, points] = await Promise.all([terms(), pointsOf(sql, userId)]);
      return {
        type: 'ok' as const,
        message: {
          jc_integral: toAmountString(points),
          free_jc_integral: toAmountString(points),
          jc_exchange_fee: current.feeRatio.toFixed(),
          jc_price: current.pointPrice.toFixed(),
          jc_price_difference: current.priceDifference.toFixed(),
          market_price: current.marketPrice.toFixed(),
          currency_name: current.currency.name,
          currency_decimals: current.currency.decimals,
          points_decimals: POINTS_DECIMALS,
        },
      };
    },
  );

  typed.post(
    '/api/jc/exchange',
    {
      schema: { body: exchangeBody, response: { 200: answerSchema(z.string()) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const points = parseAmount(request.body.use_number, POINTS_DECIMALS);
      await assertBound(sql, user.id);
      if ((await pointsOf(sql, user.id)).lt(points)) throw new AppError('jc_points_insufficient');
      if (request.body.password === '') throw new AppError('trade_password_required');
      await assertTradePassword(app.redis, user, request.body.password);
      const done = await exchangePoints(app.pg, user.id, points, await terms());
      return okMessage(request.locale, 'jc_exchanged', {
        integral: toAmountString(done.points),
        amount: toAmountString(done.tokens),
        currency: done.currency,
      });
    },
  );

  typed.get(
    '/api/jc/exchange',
    {
      schema: { querystring: historyQuery, response: { 200: answerSchema(jcExchangePageSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page } = request.query;
      const history = await exchangeHistory(sql, currentUser(request).id, page, HISTORY_PAGE_SIZE);
      return {
        type: 'ok' as const,
        message: laravelPaginator(history.rows, history.total, page, HISTORY_PAGE_SIZE, '/api/jc/exchange'),
      };
    },
  );
}
