import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  insurancePositionSchema,
  insuranceTypeSchema,
  type InsuranceType as InsuranceTypeView,
} from '@exchange/contracts';
import type { InsuranceType } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { currentUser } from '../../../http/auth';
import { form, int4Id, optionalText } from '@exchange/contracts';
import { buyInsurance } from './buy';
import { claimInsurance } from './claim';
import { exchangeInsurance } from './exchange';
import { CLAIMS_PER_DAY, CLAIM_LOSS_SHARE, positionView, type PositionRow } from './positions';

const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

/** An insurance type as the purchase screen shows it. */
export function typeView(type: InsuranceType, currencyName: string): InsuranceTypeView {
  return {
    id: type.id,
    currency_id: type.currency_id,
    currency_name: currencyName,
    name: type.name,
    min_quantity: type.min_quantity,
    max_quantity: type.max_quantity,
    unit_amount: plain(type.unit_amount),
    premium_rate: plain(type.premium_rate),
    claim_rate: plain(type.claim_rate),
    claim_loss_ratio: CLAIM_LOSS_SHARE.toFixed(),
    termination_profit_ratio: '1',
    claims_per_day: CLAIMS_PER_DAY,
  };
}

const buyBody = form({ insurance_type_id: int4Id('insurance_type_not_found'), quantity: optionalText(64) });
const positionBody = form({ id: int4Id('insurance_not_found') });
const typesQuery = z.object({ currency_id: optionalText(10) });

/**
 * The insurance calls (document 3 says they exist but does not show them), in the contract's style:
 * form bodies, `{type, message}` answers, every call the caller's own.
 */
export function insuranceRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, pool: app.pg };

  const view = async (position: PositionRow) => {
    const [currency, type] = await Promise.all([
      app.prisma.currency.findUniqueOrThrow({ where: { id: position.currency_id } }),
      app.prisma.insuranceType.findUniqueOrThrow({ where: { id: position.insurance_type_id } }),
    ]);
    return positionView(position, { currency: currency.name, type: type.name });
  };

  typed.get(
    '/api/insurance/types',
    {
      schema: { querystring: typesQuery, response: { 200: answerSchema(z.array(insuranceTypeSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const raw = request.query.currency_id;
      if (raw !== '' && !/^\d{1,9}$/.test(raw)) throw new AppError('currency_not_found');
      const types = await app.prisma.insuranceType.findMany({
        where: { status: 1, ...(raw ? { currency_id: Number(raw) } : {}) },
        orderBy: { id: 'asc' },
      });
      const currencies = await app.prisma.currency.findMany({
        where: { id: { in: types.map((type) => type.currency_id) } },
      });
      const nameOf = (id: number) => currencies.find((currency) => currency.id === id)?.name ?? '';
      return { type: 'ok' as const, message: types.map((type) => typeView(type, nameOf(type.currency_id))) };
    },
  );

  typed.get(
    '/api/insurance/my',
    {
      schema: { response: { 200: answerSchema(z.array(insurancePositionSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const rows = await app.pg.query<PositionRow>(
        `SELECT id, user_id, currency_id, insurance_type_id, quantity, insured_amount::text, premium::text,
         balance::text, claim_amount::text, status, end_reason, claimed_at, terminated_at, exchanged_at, created_at
       FROM user_insurances WHERE user_id = $1 ORDER BY id DESC LIMIT 100`,
        [currentUser(request).id],
      );
      return { type: 'ok' as const, message: await Promise.all(rows.rows.map(view)) };
    },
  );

  typed.post(
    '/api/insurance/buy',
    { schema: { body: buyBody }, onRequest: app.requireUser },
    async (request) => {
      const typeId = request.body.insurance_type_id;
      if (typeId === undefined) throw new AppError('insurance_type_not_found');
      const position = await buyInsurance(deps, currentUser(request).id, {
        typeId,
        quantity: request.body.quantity,
      });
      return {
        type: 'ok',
        message: translate(request.locale, 'insurance_bought'),
        data: await view(position),
      };
    },
  );

  typed.post(
    '/api/insurance/claim',
    { schema: { body: positionBody }, onRequest: app.requireUser },
    async (request) => {
      if (request.body.id === undefined) throw new AppError('insurance_not_found');
      const position = await claimInsurance(deps, currentUser(request).id, request.body.id);
      const shown = await view(position);
      return {
        type: 'ok',
        message: translate(request.locale, 'insurance_claimed', {
          amount: shown.claim_amount,
          currency: shown.currency_name,
        }),
        data: shown,
      };
    },
  );

  typed.post(
    '/api/insurance/exchange',
    { schema: { body: positionBody }, onRequest: app.requireUser },
    async (request) => {
      if (request.body.id === undefined) throw new AppError('insurance_not_found');
      const { position, amount } = await exchangeInsurance(deps, currentUser(request).id, request.body.id);
      const shown = await view(position);
      return {
        type: 'ok',
        message: translate(request.locale, 'insurance_exchanged', {
          amount: toAmountString(amount),
          currency: shown.currency_name,
        }),
        data: shown,
      };
    },
  );
}
