import type { p2pOrderActionRequestSchema } from '@exchange/contracts';
import type { P2pOrderAction } from '@exchange/contracts/constants';
import { AppError } from '@exchange/kernel/errors';
import type { z } from 'zod';
import { requireTradePassword } from '../wallet';
import type { P2pContext } from './context';
import { transition, type Caller } from './orders';
import type { Kind, OrderAction } from './rules';
import { findOrderForParty } from './views';

/** Each call of an order's `actions`: the transition it applies, and the side a confirming seller is on. */
const ACTIONS: Record<P2pOrderAction, { action: OrderAction; side?: 'owner' | 'taker' }> = {
  pay: { action: 'pay' },
  cancel: { action: 'cancel' },
  confirmOwner: { action: 'confirm', side: 'owner' },
  confirmTaker: { action: 'confirm', side: 'taker' },
};

/**
 * A party moves an order (pays, cancels, confirms the fiat arrived) with the trade password; someone else's
 * order is "not found" before any password is asked for.
 */
export async function actOnOrder(
  ctx: P2pContext,
  kind: Kind,
  call: P2pOrderAction,
  body: z.output<typeof p2pOrderActionRequestSchema>,
): Promise<void> {
  const order = await findOrderForParty(ctx.prisma, ctx.user.id, body.id, kind);
  if (!order) throw new AppError('p2p_order_not_found');
  await requireTradePassword(ctx.redis, ctx.user, body.password);
  const { action, side } = ACTIONS[call];
  const caller: Caller = { by: 'user', userId: ctx.user.id, ...(side ? { side } : {}) };
  const result = await transition(ctx.prisma, { id: order.id, action, caller, kind });
  if (result) ctx.push(result.notices);
}
