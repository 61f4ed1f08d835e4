import type { Tx } from '@exchange/kernel/db';

/** Advisory-lock namespaces: one user's ads, one taker's orders (serialises their limits across processes). */
export const ADS_LOCK = 72_001;
export const TAKER_LOCK = 72_002;

export async function advisoryLock(tx: Tx, namespace: number, userId: number): Promise<void> {
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1::int, $2::int)', namespace, userId);
}
