import type { acceptorActionRequestSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import type { z } from 'zod';
import type { P2pContext } from '../c2c';
import { requireTradePassword } from '../wallet';
import { actOnDeal, autoConfirmMinutes } from './deals';
import type { DealAction } from './rules';

/**
 * A party's action on one of its deals, with the trade password: the acceptor confirms, rejects or marks a
 * withdrawal's CNY sent (which starts its auto-confirm deadline); the user confirms a withdrawal arrived.
 * Someone else's deal is not found. Answers the minutes left until a transferred deal confirms itself.
 */
export async function actOnOwnDeal(
  ctx: P2pContext,
  action: Exclude<DealAction, 'auto_confirm'>,
  body: z.output<typeof acceptorActionRequestSchema>,
): Promise<number> {
  const asAcceptor = action !== 'user_confirm';
  const deal = await ctx.prisma.acceptorDeal.findFirst({
    where: { id: body.id, ...(asAcceptor ? { acceptor_user_id: ctx.user.id } : { user_id: ctx.user.id }) },
    select: { id: true },
  });
  if (!deal) throw new AppError('acceptor_deal_not_found');
  await requireTradePassword(ctx.redis, ctx.user, body.password);
  const result = await actOnDeal(ctx.prisma, { id: deal.id, action, userId: ctx.user.id });
  if (result) ctx.push(result.notices);
  if (action !== 'transferred') return 0;
  if (result?.deal.auto_confirm_at)
    await ctx.deadlines.scheduleOrLeave(
      { kind: 'acceptor-confirm', id: deal.id },
      result.deal.auto_confirm_at,
      ctx.log,
    );
  return autoConfirmMinutes(ctx.prisma);
}
