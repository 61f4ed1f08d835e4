import type { Tx } from '@exchange/kernel/db';
import type { LogType, Money } from '@exchange/kernel/ledger';
import { ESCROW_ACCOUNT } from './rules';

/** Advisory-lock namespaces: one user's ads, one taker's orders (serialises their limits across processes). */
export const ADS_LOCK = 72_001;
export const TAKER_LOCK = 72_002;

export async function advisoryLock(tx: Tx, namespace: number, userId: number): Promise<void> {
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1::int, $2::int)', namespace, userId);
}

/** A movement of P2P escrow (the legal account) for the ledger's lock and unlock, tied to its ad or order. */
export const escrowMovement = (
  userId: number,
  currencyId: number,
  amount: Money,
  type: LogType,
  ref: { type: 'p2p_ad' | 'p2p_order'; id: number },
) => ({ userId, currencyId, account: ESCROW_ACCOUNT, amount, type, ref });
