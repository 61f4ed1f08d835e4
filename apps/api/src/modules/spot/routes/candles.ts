import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candleAnswerSchema,
  candleHistoryQuerySchema,
  currentCandleRequestSchema,
  currentCandleSchema,
  errorEnvelopeSchema,
} from '@exchange/contracts';
import { answers, ok } from '../../../http/envelope';
import { candleHistory } from '../candle-history';
import { currentCandle } from '../current-candle';

/** A market's current candle of a period, and its candles over a time range (the chart's history). */
export function candleRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/market/get_current',
    { schema: { body: currentCandleRequestSchema, response: answers(currentCandleSchema) } },
    async (request) => ok(await currentCandle(app.prisma, request.body)),
  );
  // Candles in the contract's {code, msg, data} shape (this call does not use the {type, message} envelope).
  typed.get(
    '/api/currency/new_timeshar',
    {
      schema: {
        querystring: candleHistoryQuerySchema,
        // A request the input checks refuse still answers the usual error envelope.
        response: { 200: z.union([candleAnswerSchema, errorEnvelopeSchema]) },
      },
    },
    (request) => candleHistory(app.prisma, request.locale, request.query),
  );
}
