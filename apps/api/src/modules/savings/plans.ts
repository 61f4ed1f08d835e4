import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * Savings plans: lock a currency for `day` days at `rate` percent over the whole term (contract notes
 * section 12: total_interest_rate; the daily rate is rate / day), from `save_min`. Seeded; operators change
 * them with `npm run ops -- savings:plan`.
 */
export interface SavingsPlan {
  id: number;
  currencyId: number;
  currencyName: string;
  decimals: number;
  day: number;
  rate: MoneyValue;
  saveMin: MoneyValue;
}

interface PlanRow {
  id: number;
  currency_id: number;
  currency_name: string;
  decimal_scale: number;
  day: number;
  rate: string;
  save_min: string;
}

const PLAN_SELECT = `SELECT p.id, p.currency_id, c.name AS currency_name, c.decimal_scale, p.day,
  p.rate::text AS rate, p.save_min::text AS save_min
  FROM savings_plans p JOIN currencies c ON c.id = p.currency_id`;

const planOf = (row: PlanRow): SavingsPlan => ({
  id: row.id,
  currencyId: row.currency_id,
  currencyName: row.currency_name,
  decimals: row.decimal_scale,
  day: row.day,
  rate: new Money(row.rate),
  saveMin: new Money(row.save_min),
});

/** The plans open for new deposits, by currency then term. */
export async function openPlans(sql: Sql): Promise<SavingsPlan[]> {
  const rows = await sql.query<PlanRow>(
    `${PLAN_SELECT} WHERE p.status = 1 ORDER BY p.currency_id, p.day, p.id`,
  );
  return rows.map(planOf);
}

/** An open plan for this currency; anything else (unknown, closed, another currency's) does not exist. */
export async function findOpenPlan(sql: Sql, planId: number, currencyId: number): Promise<SavingsPlan> {
  const [row] = await sql.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1 AND p.status = 1`, [planId]);
  if (!row || row.currency_id !== currencyId) throw new AppError('savings_plan_not_found');
  return planOf(row);
}

/** A plan as the contract lists it (deposit_setup: id, day, rate), with what the form needs besides. */
export const planView = (plan: SavingsPlan) => ({
  id: plan.id,
  day: plan.day,
  rate: toAmountString(plan.rate),
  save_min: toAmountString(plan.saveMin),
  currency_id: plan.currencyId,
  currency_name: plan.currencyName,
});

export interface PlanInput {
  id?: number | undefined;
  currency: string;
  day: number;
  rate: string;
  saveMin: string;
  open: boolean;
}

/** Creates a plan, or changes one (holdings keep the terms they were opened with). */
export async function savePlan(sql: Sql, input: PlanInput): Promise<number> {
  if (!Number.isInteger(input.day) || input.day < 1 || input.day > 3650)
    throw new Error('day must be a whole number of days, 1 to 3650');
  const rate = new Money(input.rate);
  const saveMin = new Money(input.saveMin);
  if (!rate.isFinite() || rate.isNegative()) throw new Error('rate must be a percentage >= 0');
  if (!saveMin.isFinite() || saveMin.lte(0)) throw new Error('the minimum must be greater than 0');
  const [currency] = await sql.query<{ id: number }>('SELECT id FROM currencies WHERE name = $1', [
    input.currency,
  ]);
  if (!currency) throw new Error(`no currency ${input.currency}`);
  const values = [currency.id, input.day, rate.toFixed(), saveMin.toFixed(), input.open ? 1 : 0];
  if (input.id === undefined) {
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO savings_plans (currency_id, day, rate, save_min, status)
       VALUES ($1, $2, $3::numeric, $4::numeric, $5) RETURNING id`,
      values,
    );
    return row?.id ?? 0;
  }
  const changed = await sql.execute(
    `UPDATE savings_plans SET currency_id = $1, day = $2, rate = $3::numeric, save_min = $4::numeric,
       status = $5 WHERE id = $6`,
    [...values, input.id],
  );
  if (changed === 0) throw new Error(`no savings plan ${input.id}`);
  return input.id;
}

/** The plans a fresh install offers. */
export const SEED_SAVINGS_PLANS: Omit<PlanInput, 'id'>[] = [
  { currency: 'USDT', day: 7, rate: '0.2', saveMin: '10', open: true },
  { currency: 'USDT', day: 30, rate: '1', saveMin: '10', open: true },
  { currency: 'USDT', day: 90, rate: '3.6', saveMin: '100', open: true },
  { currency: 'BTC', day: 30, rate: '0.5', saveMin: '0.001', open: true },
  { currency: 'ETH', day: 30, rate: '0.8', saveMin: '0.01', open: true },
];
