import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../../http/format';

export const POSITION_STATUS = { active: 1, terminated: 2, exchanged: 3 } as const;
type PositionStatus = (typeof POSITION_STATUS)[keyof typeof POSITION_STATUS];
/** A claim is due once the insured balance has lost this share of what it insured. */
export const CLAIM_LOSS_SHARE = new Money('0.5');
/** Payouts per user per exchange day; later claims wait for the next day. */
export const CLAIMS_PER_DAY = 2;

export interface PositionRow {
  id: number;
  user_id: number;
  currency_id: number;
  insurance_type_id: number;
  quantity: number;
  insured_amount: string;
  premium: string;
  balance: string;
  claim_amount: string;
  status: number;
  end_reason: string;
  claimed_at: Date | null;
  terminated_at: Date | null;
  exchanged_at: Date | null;
  created_at: Date;
}

export const POSITION_COLUMNS = `id, user_id, currency_id, insurance_type_id, quantity, insured_amount::text,
  premium::text, balance::text, claim_amount::text, status, end_reason, claimed_at, terminated_at, exchanged_at,
  created_at`;

/** One of the user's positions, locked for this transaction; someone else's is not found. */
export async function lockOwnPosition(tx: Sql, userId: number, id: number): Promise<PositionRow> {
  const [position] = await tx.query<PositionRow>(
    `SELECT ${POSITION_COLUMNS} FROM user_insurances WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [id, userId],
  );
  if (!position) throw new AppError('insurance_not_found');
  return position;
}

/** Refuses while insured seconds orders of this position are still running (their stakes come back to it). */
export async function assertNoRunningOrders(tx: Sql, userId: number, positionId: number): Promise<void> {
  const [running] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM micro_orders WHERE user_id = $1 AND status = 1 AND insurance_id = $2',
    [userId, positionId],
  );
  if ((running?.n ?? 0) > 0) throw new AppError('insurance_orders_running');
}

/** A position as the insurance screens show it. */
export function positionView(position: PositionRow, names: { currency: string; type: string }) {
  const insured = new Money(position.insured_amount);
  const balance = new Money(position.balance);
  const active = position.status === POSITION_STATUS.active;
  return {
    id: position.id,
    insurance_type_id: position.insurance_type_id,
    insurance_type_name: names.type,
    currency_id: position.currency_id,
    currency_name: names.currency,
    quantity: position.quantity,
    insured_amount: toAmountString(insured),
    premium: toAmountString(position.premium),
    insurance_balance: toAmountString(balance),
    claim_amount: toAmountString(position.claim_amount),
    // The table's CHECK admits only the three statuses.
    status: position.status as PositionStatus,
    end_reason: position.end_reason,
    claim_line: toAmountString(insured.times(Money.sub(1, CLAIM_LOSS_SHARE))),
    termination_line: toAmountString(insured.times(2)),
    can_claim:
      active && balance.lte(insured.times(Money.sub(1, CLAIM_LOSS_SHARE))) ? (1 as const) : (0 as const),
    can_exchange: position.status === POSITION_STATUS.terminated ? (1 as const) : (0 as const),
    created_at: formatDateTime(new Date(position.created_at)),
    claimed_at: position.claimed_at ? formatDateTime(new Date(position.claimed_at)) : '',
    terminated_at: position.terminated_at ? formatDateTime(new Date(position.terminated_at)) : '',
    exchanged_at: position.exchanged_at ? formatDateTime(new Date(position.exchanged_at)) : '',
  };
}
