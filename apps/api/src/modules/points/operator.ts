import type { AdminPoints, OperatorTrail } from '@exchange/contracts';
import type { Config } from '@exchange/kernel/config';
import { prismaSql, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, parseAmount } from '@exchange/kernel/ledger';
import { grantSandboxPoints } from './partner-sandbox';
import { POINTS_DECIMALS } from './points-decimals';

type PartnerConfig = Pick<Config, 'NODE_ENV' | 'POINTS_PARTNER'>;

/**
 * Whether operators may top up partner accounts: only the built-in sandbox partner's, and never in
 * production (the sandbox's points buy real partner tokens from the exchange's pool; there, only the partner
 * gives points). The refusal says which of the three it is. The console and `ops points:grant` both ask.
 */
export function sandboxTopUpRefusal(config: PartnerConfig): AppError | null {
  if (config.NODE_ENV === 'production') return new AppError('jc_top_up_production');
  if (!config.POINTS_PARTNER) return new AppError('jc_closed');
  if (config.POINTS_PARTNER.kind !== 'sandbox')
    return new AppError('jc_top_up_partner_real', { partner: config.POINTS_PARTNER.name });
  return null;
}

interface AccountRow {
  user_name: string;
  points: string;
  bound_to: string | null;
  updated_at: Date;
}

/**
 * The partner as operators see it, and the sandbox's accounts (none for a partner's API: its accounts are
 * its own), most recently changed first, each with the exchange user bound to it.
 */
export async function readPointsForOperators(
  prisma: Db,
  config: PartnerConfig,
  query: { q: string },
): Promise<Omit<AdminPoints, 'top_up_refused'> & { refusal: AppError | null }> {
  const partner = config.POINTS_PARTNER;
  const kind = !partner ? 'none' : partner.kind === 'sandbox' ? 'sandbox' : 'api';
  const rows =
    kind === 'sandbox'
      ? await prismaSql(prisma).query<AccountRow>(
          `SELECT a.user_name, a.points::text AS points, u.account_number AS bound_to, a.updated_at
           FROM points_sandbox_accounts a
           LEFT JOIN jc_bindings b ON b.partner_account = a.user_name
           LEFT JOIN users u ON u.id = b.user_id
           WHERE $1 = '' OR a.user_name ILIKE '%' || $1 || '%' OR u.account_number ILIKE '%' || $1 || '%'
           ORDER BY a.updated_at DESC, a.user_name LIMIT 50`,
          [query.q],
        )
      : [];
  return {
    partner: { name: partner?.name ?? '', kind },
    refusal: sandboxTopUpRefusal(config),
    accounts: rows.map((row) => ({
      user_name: row.user_name,
      points: new Money(row.points).toFixed(),
      bound_to: row.bound_to,
      updated_at: row.updated_at.toISOString(),
    })),
  };
}

/**
 * Adds points to a sandbox partner account (finance, from the console, with a fresh code and a reason), in
 * one transaction with its trail line.
 */
export async function topUpSandboxAccount(
  prisma: Db,
  config: PartnerConfig,
  input: { account: string; points: string; reason: string },
  trail: OperatorTrail<Tx>,
) {
  const refusal = sandboxTopUpRefusal(config);
  if (refusal) throw refusal;
  const granted = parseAmount(input.points, POINTS_DECIMALS);
  return prisma.$transaction(async (tx) => {
    const points = await grantSandboxPoints(prismaSql(tx), input.account, granted);
    await trail(tx, {
      action: 'points.sandbox_top_up',
      targetType: 'points_sandbox_account',
      targetId: input.account,
      before: { points: points.minus(granted).toFixed() },
      after: { points: points.toFixed(), granted: granted.toFixed() },
      reason: input.reason,
    });
    return { account: input.account, granted: granted.toFixed(), points: points.toFixed() };
  });
}
