import type { acceptorDealRequestSchema } from '@exchange/contracts';
import { PAY_WAYS } from '@exchange/contracts/constants';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, type Money } from '@exchange/kernel/ledger';
import type { z } from 'zod';
import type { P2pContext } from '../c2c';
import { requireTradePassword } from '../wallet';
import { openDeal } from './deals';
import { CNY_DECIMALS } from './rules';

/** The deal amount: required and above zero ('please enter amount'), at most 2 decimals of CNY. */
function parseMoney(raw: string): Money {
  try {
    return parseAmount(raw, CNY_DECIMALS);
  } catch (error) {
    if (error instanceof AppError && ['amount_required', 'amount_not_positive'].includes(error.key))
      throw new AppError('acceptor_amount_required');
    throw error;
  }
}

/**
 * The deal form (`/api/acceptor/deal`), checked in the order it prompts: mobile, account, amount, way, type;
 * a withdrawal takes the user's crypto at once, so it needs the trade password. The acceptor is told.
 */
export async function submitDeal(ctx: P2pContext, body: z.output<typeof acceptorDealRequestSchema>) {
  if (!body.mobile) throw new AppError('acceptor_mobile_required');
  if (!body.deal_account) throw new AppError('acceptor_account_required');
  const money = parseMoney(body.money);
  if (!(PAY_WAYS as readonly string[]).includes(body.way)) throw new AppError('acceptor_way_required');
  if (body.type !== 'buy' && body.type !== 'sell') throw new AppError('acceptor_type_invalid');
  const acceptorId = /^\d{1,9}$/.test(body.acceptor_id) ? Number(body.acceptor_id) : 0;
  if (body.type === 'sell') await requireTradePassword(ctx.redis, ctx.user, body.password);
  const { notices } = await openDeal(ctx.prisma, {
    acceptorId,
    userId: ctx.user.id,
    type: body.type,
    way: body.way,
    mobile: body.mobile,
    dealAccount: body.deal_account,
    money,
  });
  ctx.push(notices);
}
