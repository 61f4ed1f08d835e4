import { AppError } from '@exchange/kernel/errors';
import type { TransferGuard } from '../wallet';
import { LEVER_STATUS } from './risk';

/**
 * Money in the lever account backs open positions (the risk rate counts it): transfers out of lever are
 * refused while the user has a pending, in-trade or closing position.
 */
export const leverTransferGuard: TransferGuard = async (db, move) => {
  if (move.from !== 'lever') return;
  const open = await db.leverTransaction.findFirst({
    where: {
      user_id: move.userId,
      status: { in: [LEVER_STATUS.pending, LEVER_STATUS.trading, LEVER_STATUS.closing] },
    },
    select: { id: true },
  });
  if (open) throw new AppError('lever_transfer_open_positions');
};
