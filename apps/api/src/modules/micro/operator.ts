import type { AdminSecondsOption, OperatorTrail } from '@exchange/contracts';
import { isUniqueViolation, type Db, type MicroSecond, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { saveDuration, type DurationTerms } from './durations';
import { microPairOptionsView, writeMicroPairOptions, type MicroPairOptionsChange } from './pair-options';

/**
 * Changes a pair's seconds-contract price rule and exposure caps through the micro area's own writer (as
 * `ops micro:options`), with the trail in its transaction; running orders keep the rule they were accepted under.
 */
export async function savePairMicro(
  prisma: Db,
  input: { id: number } & MicroPairOptionsChange,
  trail: OperatorTrail<Tx>,
) {
  const { id, ...change } = input;
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await microPairOptionsView(tx, id);
    let after;
    try {
      after = await writeMicroPairOptions(tx, id, change);
    } catch (error) {
      // The micro area words its refusals for the command line; the console answers with the envelope.
      throw new AppError('admin_field_invalid', {
        field: 'micro',
        rule: error instanceof Error ? error.message : 'invalid',
      });
    }
    await trail(tx, { action: 'pair.micro', targetType: 'pair', targetId: id, before, after });
    return after;
  });
}

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
 * Adds a duration (no id) or changes one through the area's own action, with the trail in its
 * transaction; running orders keep the ratio they were placed with.
 */
export async function saveSecondsOption(prisma: Db, input: SecondsInput, trail: OperatorTrail<Tx>) {
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
        trail(tx, {
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

export { listInsuranceTypesForOperators, saveInsuranceType } from './insurance/operator-types';
