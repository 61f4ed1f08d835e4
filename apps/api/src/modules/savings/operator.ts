import type { AdminSavingsPlan, OperatorTrail } from '@exchange/contracts';
import { prismaSql, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { savePlan } from './plans';

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

/** A plan as the console's form sends it: status 1 open, 0 closed. */
export interface PlanForm {
  id?: number | undefined;
  currency: string;
  day: number;
  rate: string;
  save_min: string;
  status: 0 | 1;
}

/**
 * Creates, changes, closes or reopens a plan with the savings area's own `savePlan` (the one
 * `npm run ops -- savings:plan` uses), in a transaction with the trail line. Holdings keep their terms.
 */
export async function saveSavingsPlan(prisma: Db, input: PlanForm, trail: OperatorTrail<Tx>) {
  return prisma.$transaction(async (tx) => {
    const sql = prismaSql(tx);
    const find = async (id: number) => (await sql.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1`, [id]))[0];
    const before = input.id ? await find(input.id) : undefined;
    if (input.id && !before) throw new AppError('admin_record_not_found');
    const name = input.currency.toUpperCase();
    const currency = await tx.currency.findUnique({ where: { name } });
    if (!currency) throw new AppError('currency_not_found');
    let id: number;
    try {
      id = await savePlan(sql, {
        id: input.id,
        currency: name,
        day: input.day,
        rate: input.rate,
        saveMin: input.save_min,
        open: input.status === 1,
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
    await trail(tx, {
      action: before ? 'savings.update' : 'savings.create',
      targetType: 'savings_plan',
      targetId: id,
      before: before ? planView(before) : undefined,
      after: planView(after),
    });
    return planView(after);
  });
}
