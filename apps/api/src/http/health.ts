import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswerSchema, healthQuerySchema } from '@exchange/contracts';
import { checkHealth, healthAnswer, type HealthSources } from '@exchange/kernel/health';

/** The health of the exchange as this API process sees it: Postgres, Redis and (unless told not to) workers. */
export const exchangeHealth = (app: FastifyInstance, workers: HealthSources['workers'] = 'roster') =>
  checkHealth({ postgres: () => app.pg.query('SELECT 1'), redis: app.redis, workers });

/**
 * `GET /api/health`: which part is down, HTTP 503 while one is. `?scope=api` asks only what this process
 * needs to serve (Postgres, Redis): the workers wait on that before they start, so it cannot wait on them.
 */
export function registerHealth(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        querystring: healthQuerySchema,
        response: { 200: healthAnswerSchema, 503: healthAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = healthAnswer(
        await exchangeHealth(app, request.query.scope === 'api' ? 'none' : 'roster'),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );
}
