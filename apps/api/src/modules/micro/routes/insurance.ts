import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  insuranceActionAnswerSchema,
  insuranceBuyRequestSchema,
  insurancePositionRequestSchema,
  insurancePositionSchema,
  insuranceTypeSchema,
  insuranceTypesQuerySchema,
} from '@exchange/contracts';
import { toAmountString } from '@exchange/kernel/ledger';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { buyInsurance } from '../insurance/buy';
import { claimInsurance } from '../insurance/claim';
import { exchangeInsurance } from '../insurance/exchange';
import { listInsuranceTypes } from '../insurance/list-types';
import { myPositions, shownPosition } from '../insurance/my-positions';

/**
 * The insurance calls (document 3 says they exist but does not show them), in the contract's style: form
 * bodies, `{type, message}` answers (the actions add the position as `data`), every call the caller's own.
 */
export function insuranceRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, pool: app.pg };
  const action = { body: insurancePositionRequestSchema, response: { 200: insuranceActionAnswerSchema } };

  typed.get(
    '/api/insurance/types',
    {
      schema: { querystring: insuranceTypesQuerySchema, response: answers(z.array(insuranceTypeSchema)) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await listInsuranceTypes(app.prisma, request.query.currency_id)),
  );
  typed.get(
    '/api/insurance/my',
    { schema: { response: answers(z.array(insurancePositionSchema)) }, onRequest: app.requireUser },
    async (request) => ok(await myPositions(deps, currentUser(request).id)),
  );
  typed.post(
    '/api/insurance/buy',
    {
      schema: { body: insuranceBuyRequestSchema, response: { 200: insuranceActionAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { insurance_type_id: typeId, quantity } = request.body;
      const position = await buyInsurance(deps, currentUser(request).id, { typeId, quantity });
      return {
        ...okMessage(request.locale, 'insurance_bought'),
        data: await shownPosition(app.prisma, position),
      };
    },
  );
  typed.post('/api/insurance/claim', { schema: action, onRequest: app.requireUser }, async (request) => {
    const position = await claimInsurance(deps, currentUser(request).id, request.body.id);
    const shown = await shownPosition(app.prisma, position);
    const params = { amount: shown.claim_amount, currency: shown.currency_name };
    return { ...okMessage(request.locale, 'insurance_claimed', params), data: shown };
  });
  typed.post('/api/insurance/exchange', { schema: action, onRequest: app.requireUser }, async (request) => {
    const { position, amount } = await exchangeInsurance(deps, currentUser(request).id, request.body.id);
    const shown = await shownPosition(app.prisma, position);
    const params = { amount: toAmountString(amount), currency: shown.currency_name };
    return { ...okMessage(request.locale, 'insurance_exchanged', params), data: shown };
  });
}
