import type { z } from 'zod';
import { type adminPairLeverBodySchema, type OperatorTrail } from '@exchange/contracts';
import { LEVER_RISK_OPTIONS } from '@exchange/contracts/constants';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { leverOptionsView, writeLeverOptions, type LeverOptionsChange } from './options';

/** Changes a pair's lever options through the lever area's own writer, with the trail in its transaction. */
export async function savePairLever(
  prisma: Db,
  input: z.output<typeof adminPairLeverBodySchema>,
  trail: OperatorTrail<Tx>,
) {
  const { id } = input;
  const change: LeverOptionsChange = {
    multiples: input.multiples,
    shares: input.shares,
    minShare: input.lever_min_share,
    maxShare: input.lever_max_share,
    shareNum: input.lever_share_num,
    feePercent: input.lever_trade_fee,
    spreadPercent: input.spread,
    overnightPercent: input.overnight,
    risk: Object.fromEntries(LEVER_RISK_OPTIONS.map((option) => [option, input[option]?.toString()])),
  };
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await leverOptionsView(tx, id);
    try {
      await writeLeverOptions(tx, id, change);
    } catch (error) {
      // The lever area words its refusals for the command line; the console answers with the envelope.
      if (error instanceof AppError) throw error;
      throw new AppError('admin_field_invalid', {
        field: 'lever',
        rule: error instanceof Error ? error.message : 'invalid',
      });
    }
    const after = await leverOptionsView(tx, id);
    await trail(tx, { action: 'pair.lever', targetType: 'pair', targetId: id, before, after });
    return after;
  });
}
