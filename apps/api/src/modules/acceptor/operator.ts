import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { createAcceptor, setAcceptorStatus } from './admin';

const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

/** Why a guarded change matched nothing: someone already made it, or there is no such acceptor. */
const refusalFor = (matching: number) =>
  new AppError(matching > 0 ? 'admin_already_processed' : 'admin_record_not_found');

/** Acceptors with their rates, quotas and status, oldest first. */
export async function listAcceptors(prisma: Db) {
  const rows = await prisma.acceptor.findMany({ orderBy: { id: 'asc' }, take: 200 });
  const users = await prisma.user.findMany({
    where: { id: { in: rows.map((row) => row.user_id) } },
    select: { id: true, account_number: true },
  });
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    account: users.find((user) => user.id === row.user_id)?.account_number ?? '',
    name: row.name,
    recharge_rate: plain(row.recharge_rate),
    cash_rate: plain(row.cash_rate),
    recharge_amount: plain(row.recharge_amount),
    cash_amount: plain(row.cash_amount),
    status: row.status,
    created_at: row.created_at.toISOString(),
  }));
}

/** A rate or quota the console sends: a plain positive number (quotas may be zero), at most 8 decimals. */
function checkNumber(raw: string, field: string, allowZero: boolean): string {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(raw)) throw new AppError('admin_field_required', { field });
  const value = new Money(raw);
  if (allowZero ? value.lt(0) : value.lte(0)) throw new AppError('admin_field_required', { field });
  return value.toFixed();
}

/**
 * Approves a user as an acceptor (or changes an existing acceptor's terms) through the acceptor area's own
 * function (`ops acceptor:create`); its own fiat balance backs the deposits it takes. Trail in the same
 * transaction.
 */
export async function approveAcceptor(
  prisma: Db,
  input: {
    id: number;
    name: string;
    recharge_rate: string;
    cash_rate: string;
    recharge_amount: string;
    cash_amount: string;
    reason: string;
  },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const user = await prisma.user.findUnique({ where: { id: input.id } });
  if (!user) throw new AppError('admin_record_not_found');
  const terms = {
    rechargeRate: checkNumber(input.recharge_rate, 'recharge_rate', false),
    cashRate: checkNumber(input.cash_rate, 'cash_rate', false),
    rechargeAmount: checkNumber(input.recharge_amount || '0', 'recharge_amount', true),
    cashAmount: checkNumber(input.cash_amount || '0', 'cash_amount', true),
  };
  const before = await prisma.acceptor.findUnique({ where: { user_id: user.id } });
  return createAcceptor(
    prisma,
    { account: user.account_number, name: input.name, reason: input.reason, ...terms },
    (tx, acceptor) =>
      trail(tx, {
        action: 'acceptor.approve',
        targetType: 'acceptor',
        targetId: acceptor.id,
        before: before ?? undefined,
        after: acceptor,
        reason: input.reason,
      }),
  );
}

/** Suspends (0) or resumes (1) an acceptor through the acceptor area's own action, with the trail. */
export async function setAcceptorStatusAsOperator(
  prisma: Db,
  input: { id: number; status: 0 | 1; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const after = await setAcceptorStatus(prisma, {
    id: input.id,
    status: input.status,
    within: (tx, acceptor) =>
      trail(tx, {
        action: input.status === 1 ? 'acceptor.resume' : 'acceptor.suspend',
        targetType: 'acceptor',
        targetId: acceptor.id,
        before: { status: input.status === 1 ? 0 : 1 },
        after: { status: acceptor.status },
        reason: input.reason,
      }),
  });
  if (!after) throw refusalFor(await prisma.acceptor.count({ where: { id: input.id } }));
  return { id: after.id, status: after.status };
}
