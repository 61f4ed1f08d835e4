import type { Db } from '@exchange/kernel/db';
import { BALANCE_COLUMNS } from '@exchange/kernel/ledger';

/**
 * What bad input must never change: every balance (hashed), and the counts of the records that money and
 * orders leave behind. Tables an area adds later are picked up by name when they exist.
 */
const WATCHED_TABLES = [
  'account_logs',
  'house_entries',
  'deposits',
  'withdrawals',
  'spot_orders',
  'withdraw_addresses',
  'users',
  'lever_transactions',
  'micro_orders',
  'c2c_ads',
  'c2c_orders',
  'points_sandbox_accounts',
  'points_sandbox_debits',
  'jc_exchanges',
  'savings_holdings',
  'savings_accruals',
  'p2p_appeal_messages',
];

export async function stateSnapshot(prisma: Db): Promise<Record<string, string>> {
  const existing = await prisma.$queryRaw<{ table_name: string }[]>`
    SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY(${WATCHED_TABLES})`;
  const snapshot: Record<string, string> = {};
  for (const { table_name } of existing.sort((a, b) => a.table_name.localeCompare(b.table_name))) {
    const [row] = await prisma.$queryRawUnsafe<{ n: string }[]>(
      `SELECT count(*)::text AS n FROM "${table_name}"`,
    );
    snapshot[table_name] = row?.n ?? '0';
  }
  // Balances only: a wallet row may legitimately gain a deposit address when a user first asks for one.
  const [wallets] = await prisma.$queryRawUnsafe<{ digest: string | null }[]>(
    `SELECT md5(string_agg(concat_ws(':', w.id, ${BALANCE_COLUMNS.map((column) => `w."${column}"`).join(', ')}), ',' ORDER BY w.id)) AS digest FROM wallets w`,
  );
  snapshot.wallets = wallets?.digest ?? '';
  return snapshot;
}
