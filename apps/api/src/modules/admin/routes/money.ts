import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminDepositBodySchema,
  adminDepositResultSchema,
  adminDepositSchema,
  adminHouseFundBodySchema,
  adminHouseFundResultSchema,
  adminListQuerySchema,
  adminPaymentPageSchema,
  adminPaymentsQuerySchema,
  adminWithdrawalBodySchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalResultSchema,
  adminWithdrawalSchema,
} from '@exchange/contracts';
import { walletOperator } from '../../wallet';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';

/**
 * Money: viewers list withdrawals, deposits and the payment channel's orders; finance, with a fresh
 * two-factor code, pays out or refuses a withdrawal, books a confirmed chain deposit and funds a house pool.
 */
export function moneyRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, finance }: OperatorGuards) {
  call.get(
    '/api/admin/withdrawals',
    { role: viewer, input: adminWithdrawalQuerySchema, answer: z.array(adminWithdrawalSchema) },
    (query) => walletOperator.listWithdrawals(app.prisma, query),
  );
  call.post(
    '/api/admin/withdrawals/finish',
    { role: finance, totp: true, input: adminWithdrawalBodySchema, answer: adminWithdrawalResultSchema },
    (body, request) => walletOperator.finishWithdrawal(app.prisma, body, trailFor(request)),
  );
  call.get(
    '/api/admin/deposits',
    { role: viewer, input: adminListQuerySchema, answer: z.array(adminDepositSchema) },
    (query) => walletOperator.listDeposits(app.prisma, query),
  );
  call.post(
    '/api/admin/deposits/confirm',
    { role: finance, totp: true, input: adminDepositBodySchema, answer: adminDepositResultSchema },
    (body, request) => walletOperator.confirmDeposit(app.prisma, body, trailFor(request)),
  );
  call.get(
    '/api/admin/payments',
    { role: viewer, input: adminPaymentsQuerySchema, answer: adminPaymentPageSchema },
    (query) => walletOperator.listPaymentOrders(app.prisma, query),
  );
  call.post(
    '/api/admin/house/fund',
    { role: finance, totp: true, input: adminHouseFundBodySchema, answer: adminHouseFundResultSchema },
    (body, request) => walletOperator.fundHouseAsOperator(app.prisma, body, trailFor(request)),
  );
}
