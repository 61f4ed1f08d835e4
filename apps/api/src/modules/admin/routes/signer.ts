import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminHotWalletSchema,
  adminSignerApproveBodySchema,
  adminSignerDecisionBodySchema,
  adminSignerResultSchema,
} from '@exchange/contracts';
import { walletOperator } from '../../wallet';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';

/**
 * The withdrawal signer: viewers see the hot wallets' balances; finance, with a fresh two-factor code,
 * approves a withdrawal for the signer and decides on one it holds (refund, retry, bump, cancel).
 */
export function signerRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, finance }: OperatorGuards) {
  call.get('/api/admin/hot-wallets', { role: viewer, answer: z.array(adminHotWalletSchema) }, () =>
    walletOperator.listHotWallets(app.prisma),
  );
  call.post(
    '/api/admin/withdrawals/approve',
    { role: finance, totp: true, input: adminSignerApproveBodySchema, answer: adminSignerResultSchema },
    (body, request) => walletOperator.approveForSigning(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/withdrawals/signer',
    { role: finance, totp: true, input: adminSignerDecisionBodySchema, answer: adminSignerResultSchema },
    (body, request) => walletOperator.decideOnSigned(app.prisma, body, trailFor(request)),
  );
}
