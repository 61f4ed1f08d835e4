import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  jcExchangePageSchema,
  jcExchangeRequestSchema,
  jcHistoryQuerySchema,
  pointsInfoSchema,
  sentenceSchema,
} from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { laravelPaginator } from '../../../http/pagination';
import { readSettings } from '../../system';
import { readJcTerms } from '../exchange';
import { exchangeHistory, HISTORY_PAGE_SIZE } from '../history';
import type { PointsPartner } from '../partner';
import { readPointsInfo } from '../read-points-info';
import { redeemPoints } from '../redeem-points';

/** `GET /api/jc/info`, and `/api/jc/exchange`: exchanging points (POST) and the history of it (GET). */
export function exchangeRoutes(app: FastifyInstance, partner: PointsPartner | null): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sql = poolSql(app.pg);
  const terms = async () => readJcTerms(sql, await readSettings(app.prisma));
  typed.get(
    '/api/jc/info',
    { schema: { response: answers(pointsInfoSchema) }, onRequest: app.requireUser },
    async (request) => ok(await readPointsInfo({ pool: app.pg, partner, terms }, currentUser(request).id)),
  );
  typed.post(
    '/api/jc/exchange',
    {
      schema: { body: jcExchangeRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const deps = { pool: app.pg, redis: app.redis, partner, terms };
      const done = await redeemPoints(deps, currentUser(request), request.body);
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
      schema: { querystring: jcHistoryQuerySchema, response: answers(jcExchangePageSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page } = request.query;
      const history = await exchangeHistory(sql, currentUser(request).id, page, HISTORY_PAGE_SIZE);
      return ok(laravelPaginator(history.rows, history.total, page, HISTORY_PAGE_SIZE, '/api/jc/exchange'));
    },
  );
}
