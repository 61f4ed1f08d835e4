import type { OperatorTrail } from '@exchange/contracts';
import { isUniqueViolation, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { parseAccount } from '../verification';
import { creditDeposit } from './deposit';
import { completeWithdrawal, rejectWithdrawal, WITHDRAWAL_STATUS, type WithinWithdrawal } from './withdraw';
import { hotWalletHeads, SIGNER_INCLUDE, signableCheck, signerView } from './chain/signer-operator';
import { CHAIN_DEPOSIT_STATE, type ChainDepositState } from './chain/watcher';

const amount = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

export async function listWithdrawals(prisma: Db, options: { status: number; limit: number }) {
  const [rows, canSign, headOf] = await Promise.all([
    prisma.withdrawal.findMany({
      where: { status: options.status },
      include: {
        user: { select: { account_number: true } },
        currency: { select: { name: true, chain_type: true } },
        signer: SIGNER_INCLUDE,
      },
      orderBy: { id: options.status === WITHDRAWAL_STATUS.submitted ? 'asc' : 'desc' },
      take: options.limit,
    }),
    signableCheck(prisma),
    hotWalletHeads(prisma),
  ]);
  return rows.map((row) => ({
    id: row.id,
    account: row.user.account_number,
    currency: row.currency.name,
    address: row.address,
    memo: row.memo,
    number: amount(row.number),
    rate: amount(row.rate),
    real_number: amount(row.real_number),
    status: row.status,
    txid: row.txid,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    signable: row.status === WITHDRAWAL_STATUS.submitted && !row.signer && canSign(row),
    signer: signerView(row.signer, headOf),
  }));
}

/**
 * The newest deposits, and every chain deposit whose block was replaced after it was credited (reorged),
 * however old: each waits for an operator to judge it.
 */
export async function listDeposits(prisma: Db, options: { limit: number }) {
  const include = {
    user: { select: { account_number: true } },
    currency: { select: { name: true } },
    chain: { select: { state: true, tx_hash: true } },
  };
  const [recent, reorged] = await Promise.all([
    prisma.deposit.findMany({ include, orderBy: { id: 'desc' }, take: options.limit }),
    prisma.deposit.findMany({
      where: { chain: { state: CHAIN_DEPOSIT_STATE.reorged } },
      include,
      orderBy: { id: 'desc' },
    }),
  ]);
  const older = reorged.filter((row) => !recent.some((shown) => shown.id === row.id));
  return [...older, ...recent]
    .sort((a, b) => b.id - a.id)
    .map((row) => ({
      id: row.id,
      account: row.user.account_number,
      currency: row.currency.name,
      amount: amount(row.amount),
      source: row.source,
      txid: row.chain?.tx_hash ?? row.external_id,
      created_at: row.created_at.toISOString(),
      chain_state: (row.chain?.state ?? '') as ChainDepositState | '',
    }));
}

/**
 * Pays out (complete, with the chain txid) or refuses (reject, with a reason) a waiting withdrawal through
 * the wallet's own functions, which move the locked funds through the ledger; the trail line is written in
 * their transaction. A withdrawal already finished by someone else is refused, never finished twice.
 */
export async function finishWithdrawal(
  prisma: Db,
  input: { id: number; decision: 'complete' | 'reject'; txid: string; reason: string },
  trail: OperatorTrail<Tx>,
) {
  const before = await prisma.withdrawal.findUnique({ where: { id: input.id } });
  if (!before) throw new AppError('admin_record_not_found');
  if (before.status !== WITHDRAWAL_STATUS.submitted) throw new AppError('admin_already_processed');
  if (input.decision === 'complete' && !input.txid)
    throw new AppError('admin_field_required', { field: 'txid' });
  if (input.decision === 'reject' && !input.reason) throw new AppError('admin_reason_required');
  const within: WithinWithdrawal = (tx, after) =>
    trail(tx, {
      action: `withdrawal.${input.decision}`,
      targetType: 'withdrawal',
      targetId: after.id,
      before: { status: before.status, number: amount(before.number) },
      after: { status: after.status, txid: after.txid, notes: after.notes },
      reason: input.reason,
    });
  try {
    const done =
      input.decision === 'complete'
        ? await completeWithdrawal(prisma, input.id, input.txid, within)
        : await rejectWithdrawal(prisma, input.id, input.reason, within);
    return { id: done.id, status: done.status };
  } catch (error) {
    // Another operator finished it between our read and the wallet's guarded update.
    if (error instanceof Error && error.message.includes('is not waiting'))
      throw new AppError('admin_already_processed');
    throw error;
  }
}

/**
 * Books a confirmed chain deposit to a user's spot account (as `npm run ops -- deposit` does), through the
 * wallet's creditDeposit in one transaction with the trail line; a txid already booked is refused.
 */
export async function confirmDeposit(
  prisma: Db,
  input: { account: string; currency: string; amount: string; txid: string },
  trail: OperatorTrail<Tx>,
) {
  let accountNumber: string;
  try {
    accountNumber = parseAccount(input.account).account_number;
  } catch {
    throw new AppError('admin_record_not_found');
  }
  const [user, currency] = await Promise.all([
    prisma.user.findUnique({ where: { account_number: accountNumber } }),
    prisma.currency.findUnique({ where: { name: input.currency.toUpperCase() } }),
  ]);
  if (!user) throw new AppError('admin_record_not_found');
  if (!currency) throw new AppError('currency_not_found');
  const value = parseAmount(input.amount, currency.decimal_scale);
  try {
    return await prisma.$transaction(async (tx) => {
      const deposit = await creditDeposit(tx, {
        userId: user.id,
        currencyId: currency.id,
        amount: value,
        source: 'chain',
        externalId: input.txid,
      });
      await trail(tx, {
        action: 'deposit.confirm',
        targetType: 'deposit',
        targetId: deposit.id,
        after: {
          account: user.account_number,
          currency: currency.name,
          amount: value.toFixed(),
          txid: input.txid,
        },
      });
      return {
        id: deposit.id,
        account: user.account_number,
        currency: currency.name,
        amount: value.toFixed(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('admin_already_processed');
    throw error;
  }
}

/**
 * The payment channel's orders (the sandbox provider while PAYMENT_SANDBOX is on): newest first, filtered by
 * status (0 pending, 1 paid and credited, 2 failed), with the deposit a paid one booked.
 */
export async function listPaymentOrders(
  prisma: Db,
  options: { status?: number | undefined; page: number; limit: number },
) {
  const where = options.status === undefined ? {} : { status: options.status };
  const [total, rows] = await Promise.all([
    prisma.paymentOrder.count({ where }),
    prisma.paymentOrder.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (options.page - 1) * options.limit,
      take: options.limit,
      include: { user: { select: { account_number: true } }, currency: { select: { name: true } } },
    }),
  ]);
  // A paid order is credited as a deposit whose external id names the provider and the order.
  const deposits = await prisma.deposit.findMany({
    where: { source: 'payment', external_id: { in: rows.map((row) => `${row.provider}-${row.id}`) } },
    select: { id: true, external_id: true },
  });
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      account: row.user.account_number,
      currency: row.currency.name,
      amount: amount(row.amount),
      pay_type: row.pay_type,
      bank_code: row.bank_code,
      provider: row.provider,
      status: row.status,
      deposit_id: deposits.find((deposit) => deposit.external_id === `${row.provider}-${row.id}`)?.id ?? null,
      created_at: row.created_at.toISOString(),
      paid_at: row.paid_at?.toISOString() ?? '',
    })),
  };
}

export { approveForSigning, decideOnSigned, listHotWallets } from './chain/signer-operator';
export { fundHouseAsOperator } from './house-funding';
