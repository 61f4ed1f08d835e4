import type { EvmNetwork } from '@exchange/kernel/config';
import type { ChainDeposit, Db } from '@exchange/kernel/db';
import { networkOf } from '../addresses';

/** Blocks (its own included) a pending chain deposit has, out of what it needs before it is credited. */
export interface DepositProgress {
  confirmations: number;
  required_confirmations: number;
}

/**
 * Counts each pending chain deposit's confirmations to where its network's watcher got (its stored height):
 * what the watcher credits from, so the screen never shows more than the watcher saw. Capped at the count
 * needed: at that height the watcher credits it in the same transaction.
 */
export async function depositProgress(
  prisma: Db,
  rows: Pick<ChainDeposit, 'network' | 'block_height' | 'confirmations'>[],
): Promise<(row: (typeof rows)[number]) => DepositProgress> {
  const networks = [...new Set(rows.map((row) => row.network))];
  const cursors =
    networks.length === 0 ? [] : await prisma.chainCursor.findMany({ where: { network: { in: networks } } });
  const heightOf = new Map(cursors.map((cursor) => [cursor.network, Number(cursor.height)]));
  return (row) => {
    const seen = (heightOf.get(row.network) ?? -1) - Number(row.block_height) + 1;
    return {
      confirmations: Math.min(Math.max(seen, 0), row.confirmations),
      required_confirmations: row.confirmations,
    };
  };
}

/**
 * The confirmations after which the watcher credits a currency's deposits, as configured; null where no
 * watcher follows its network (deposits there are booked by operators once the chain confirmed them).
 */
export function configuredConfirmations(
  evm: EvmNetwork | null,
  currency: { name: string; chain_type: string },
): number | null {
  if (!evm || networkOf(currency) !== 'evm') return null;
  const asset = [evm.native, ...evm.tokens].find((candidate) => candidate.currency === currency.name);
  return asset?.confirmations ?? null;
}
