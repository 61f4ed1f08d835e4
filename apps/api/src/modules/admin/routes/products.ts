import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminInsuranceBodySchema,
  adminInsuranceTypeSchema,
  adminSavingsBodySchema,
  adminSavingsPlanSchema,
  adminSecondsBodySchema,
  adminSecondsOptionSchema,
  adminSettingBodySchema,
  adminSettingSchema,
} from '@exchange/contracts';
import { microOperator } from '../../micro';
import { savingsOperator } from '../../savings';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';
import { listSettings, saveSetting } from '../settings';

/**
 * Seconds-contract durations and their insurance types, savings plans and business settings: viewers read
 * them, admins change them.
 */
export function productRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, admin }: OperatorGuards) {
  call.get('/api/admin/products/seconds', { role: viewer, answer: z.array(adminSecondsOptionSchema) }, () =>
    microOperator.listSecondsOptions(app.prisma),
  );
  call.post(
    '/api/admin/products/seconds/save',
    { role: admin, input: adminSecondsBodySchema, answer: adminSecondsOptionSchema },
    (body, request) => microOperator.saveSecondsOption(app.prisma, body, trailFor(request)),
  );
  call.get('/api/admin/products/insurance', { role: viewer, answer: z.array(adminInsuranceTypeSchema) }, () =>
    microOperator.listInsuranceTypesForOperators(app.prisma),
  );
  call.post(
    '/api/admin/products/insurance/save',
    { role: admin, input: adminInsuranceBodySchema, answer: adminInsuranceTypeSchema },
    (body, request) => microOperator.saveInsuranceType(app.prisma, body, trailFor(request)),
  );
  call.get('/api/admin/products/savings', { role: viewer, answer: z.array(adminSavingsPlanSchema) }, () =>
    savingsOperator.listSavingsPlans(app.prisma),
  );
  call.post(
    '/api/admin/products/savings/save',
    { role: admin, input: adminSavingsBodySchema, answer: adminSavingsPlanSchema },
    (body, request) => savingsOperator.saveSavingsPlan(app.prisma, body, trailFor(request)),
  );
  call.get('/api/admin/products/settings', { role: viewer, answer: z.array(adminSettingSchema) }, () =>
    listSettings(app.prisma),
  );
  call.post(
    '/api/admin/products/settings/save',
    { role: admin, input: adminSettingBodySchema, answer: adminSettingSchema },
    (body, request) => saveSetting(app.prisma, body, trailFor(request)),
  );
}
