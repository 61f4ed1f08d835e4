import type { User } from '@exchange/kernel/db';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { assertTradePassword } from '../safe';
import { openHolding } from './holdings';
import { findOpenPlan } from './plans';
import type { SavingsJobs } from './queue';

export interface DepositDeps {
  pool: pg.Pool;
  redis: Redis;
  jobs: SavingsJobs;
  log: (fields: object, message: string) => void;
}

/**
 * POST /api/record/submit: deposits at least the plan's minimum, with the right trade password, into an open
 * plan, and schedules the holding's maturity (the worker's sweep settles it if scheduling fails).
 */
export async function deposit(
  deps: DepositDeps,
  user: User,
  input: { set_id: number; currency_id: number; balance: string; password: string },
  now: Date,
): Promise<void> {
  const plan = await findOpenPlan(poolSql(deps.pool), input.set_id, input.currency_id);
  const amount = parseAmount(input.balance, plan.decimals);
  if (amount.lt(plan.saveMin))
    throw new AppError('savings_below_min', {
      min: toAmountString(plan.saveMin),
      currency: plan.currencyName,
    });
  if (input.password === '') throw new AppError('trade_password_required');
  await assertTradePassword(deps.redis, user, input.password);
  const holding = await openHolding(deps.pool, user.id, { plan, amount }, now);
  await deps.jobs
    .scheduleMaturity(holding.id, holding.endAt, now)
    .catch((error: unknown) =>
      deps.log({ err: error, holding: holding.id }, 'savings maturity not scheduled'),
    );
}
