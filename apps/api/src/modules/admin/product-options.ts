import type { AdminSavingsPlan, AdminSecondsOption } from '@exchange/contracts';
import { isUniqueViolation, prismaSql, type Db, type MicroSecond } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { saveDuration, type DurationTerms } from '../micro';
import { savePlan } from '../savings';
import { recordTrail, type Actor } from './trail';

const secondsView = (row: MicroSecond): AdminSecondsOption => ({
  id: row.id,
  seconds: row.seconds,
  status: row.status,
  profit_ratio: row.profit_ratio.toFixed(),
  min_amount: row.min_amount.toFixed(),
  max_amount: row.max_amount.toFixed(),
});

/** Every seconds-contract duration, withdrawn ones included (the public list shows only status 1). */
export async function listSecondsOptions(prisma: Db): Promise<AdminSecondsOption[]> {
  const rows = await prisma.microSecond.findMany({ orderBy: { seconds: 'asc' } });
  return rows.map(secondsView);
}

export type SecondsInput = DurationTerms & { id?: number | undefined };

/**
 * Adds a duration (no id) or changes one through the micro area's own action, with the trail in its
 * transaction; running orders keep the ratio they were placed with.
 */
export async function saveSecondsOption(prisma: Db, actor: Actor, input: SecondsInput) {
  const min = new Money(input.min_amount);
  const max = new Money(input.max_amount);
  if (max.gt(0) && min.gt(max))
    throw new AppError('admin_field_invalid', { field: 'min_amount', rule: '<= max_amount' });
  const { id, ...terms } = input;
  try {
    const saved = await saveDuration(prisma, {
      id,
      terms,
      within: (tx, before, after) =>
        recordTrail(tx, actor, {
          action: before ? 'seconds.update' : 'seconds.create',
          targetType: 'seconds',
          targetId: after.id,
          before: before ? secondsView(before) : undefined,
          after: secondsView(after),
        }),
    });
    if (!saved) throw new AppError('admin_record_not_found');
    return secondsView(saved);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('admin_field_invalid', { field: 'seconds', rule: 'unique' });
    throw error;
  }
}

interface PlanRow {
  id: number;
  currency: string;
  day: number;
  rate: string;
  save_min: string;
  status: number;
}

const planView = (row: PlanRow): AdminSavingsPlan => ({
  ...row,
  rate: new Money(row.rate).toFixed(),
  save_min: new Money(row.save_min).toFixed(),
});

const PLAN_SELECT = `SELECT p.id, c.name AS currency, p.day, p.rate::text AS rate, p.save_min::text AS save_min,
  p.status FROM savings_plans p JOIN currencies c ON c.id = p.currency_id`;

/** Every savings plan, closed ones included, by currency then term. */
export async function listSavingsPlans(prisma: Db): Promise<AdminSavingsPlan[]> {
  const rows = await prismaSql(prisma).query<PlanRow>(`${PLAN_SELECT} ORDER BY c.name, p.day, p.id`);
  return rows.map(planView);
}

export interface PlanInput {
  id?: number | undefined;
  currency: string;
  day: number;
  rate: string;
  save_min: string;
  open: boolean;
}

/**
 * Creates, changes, closes or reopens a plan with the savings area's own `savePlan` (the one
 * `npm run ops -- savings:plan` uses), in a transaction with the trail line. Holdings keep their terms.
 */
export async function saveSavingsPlan(prisma: Db, actor: Actor, input: PlanInput) {
  return prisma.$transaction(async (tx) => {
    const sql = prismaSql(tx);
    const find = async (id: number) => (await sql.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1`, [id]))[0];
    const before = input.id ? await find(input.id) : undefined;
    if (input.id && !before) throw new AppError('admin_record_not_found');
    const currency = await tx.currency.findUnique({ where: { name: input.currency } });
    if (!currency) throw new AppError('currency_not_found');
    let id: number;
    try {
      id = await savePlan(sql, {
        id: input.id,
        currency: input.currency,
        day: input.day,
        rate: input.rate,
        saveMin: input.save_min,
        open: input.open,
      });
    } catch (error) {
      // savePlan words its refusals for the command line; the route has checked the same rules already.
      if (error instanceof AppError) throw error;
      throw new AppError('admin_field_invalid', {
        field: 'plan',
        rule: error instanceof Error ? error.message : 'invalid',
      });
    }
    const after = await find(id);
    if (!after) throw new AppError('admin_record_not_found');
    await recordTrail(tx, actor, {
      action: before ? 'savings.update' : 'savings.create',
      targetType: 'savings_plan',
      targetId: id,
      before: before ? planView(before) : undefined,
      after: planView(after),
    });
    return planView(after);
  });
}
