import type { Db } from '@exchange/kernel/db';
import { prismaSql } from '@exchange/kernel/db';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { changePoints, POINTS_DECIMALS } from './balance';

/**
 * How users earn points this round: an operator grants them (`npm run ops -- points:grant ACCOUNT POINTS
 * REASON`), logged with the reason. Other sources (per spot fee, per trading volume) would call
 * changePoints the same way, inside the transaction of what earned them.
 */
export async function grantPoints(
  prisma: Db,
  grant: { account: string; points: string; reason: string },
): Promise<{ account: string; granted: string; balance: string }> {
  const points = parseAmount(grant.points, POINTS_DECIMALS);
  const reason = grant.reason.trim();
  if (reason === '' || reason.length > 64) throw new Error('the reason must be 1 to 64 characters');
  const user = await prisma.user.findUnique({ where: { account_number: grant.account } });
  if (!user) throw new Error(`no user with the account ${grant.account}`);
  const balance = await prisma.$transaction((tx) =>
    changePoints(prismaSql(tx), { userId: user.id, delta: points, reason: `grant: ${reason}`.slice(0, 64) }),
  );
  return { account: user.account_number, granted: toAmountString(points), balance: toAmountString(balance) };
}
