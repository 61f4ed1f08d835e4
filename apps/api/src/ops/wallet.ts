import type { Db } from '@exchange/kernel/db';
import { HOUSE_ACCOUNTS, isHouseAccount, parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { parseAccount } from '../modules/verification';
import {
  findCurrency,
  bookDeposit,
  completeWithdrawal,
  rejectWithdrawal,
  WITHDRAWAL_STATUS,
  fundHousePool,
} from '../modules/wallet';

async function findUserByAccount(prisma: Db, account: string) {
  const user = await prisma.user.findUnique({
    where: { account_number: parseAccount(account).account_number },
  });
  if (!user) throw new Error(`no user with account ${account}`);
  return user;
}

/** Books a confirmed chain deposit; the same txid twice books it once. */
export async function opsDeposit(
  prisma: Db,
  input: { account: string; currency: string; amount: string; txid?: string | undefined },
) {
  const user = await findUserByAccount(prisma, input.account);
  const currency = await findCurrency(prisma, input.currency);
  const amount = parseAmount(input.amount, currency.decimal_scale);
  const booked = await bookDeposit(prisma, {
    userId: user.id,
    currencyId: currency.id,
    amount,
    source: 'chain',
    ...(input.txid ? { externalId: input.txid } : {}),
  });
  return {
    id: booked.id,
    account: user.account_number,
    currency: currency.name,
    amount: booked.amount,
    txid: booked.txid,
    created: booked.created,
  };
}

export async function pendingWithdrawals(prisma: Db) {
  const rows = await prisma.withdrawal.findMany({
    where: { status: WITHDRAWAL_STATUS.submitted },
    include: { user: { select: { account_number: true } }, currency: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    account: row.user.account_number,
    currency: row.currency.name,
    channel: row.channel,
    address: row.address,
    memo: row.memo,
    number: toAmountString(row.number.toFixed()),
    rate: toAmountString(row.rate.toFixed()),
    real_number: toAmountString(row.real_number.toFixed()),
    created_at: row.created_at.toISOString(),
  }));
}

export async function opsCompleteWithdrawal(prisma: Db, id: number, txid: string) {
  const done = await completeWithdrawal(prisma, id, txid);
  return { id: done.id, status: WITHDRAWAL_STATUS.done, txid: done.txid };
}

export async function opsRejectWithdrawal(prisma: Db, id: number, reason: string) {
  const failed = await rejectWithdrawal(prisma, id, reason);
  return { id: failed.id, status: WITHDRAWAL_STATUS.failed, notes: failed.notes };
}

/** Moves the exchange's capital into a house pool (see fundHousePool); the same --ref twice funds once. */
export async function opsFundHouse(
  prisma: Db,
  input: { pool: string; currency: string; amount: string; ref?: string | undefined },
) {
  const pool = input.pool;
  if (!isHouseAccount(pool)) throw new Error(`--pool is one of ${HOUSE_ACCOUNTS.join(', ')}`);
  const currency = await findCurrency(prisma, input.currency);
  const amount = parseAmount(input.amount, currency.decimal_scale);
  const { funded } = await fundHousePool(prisma, {
    pool,
    currencyId: currency.id,
    amount,
    ...(input.ref ? { externalId: `house-${input.pool}-${input.ref}` } : {}),
  });
  return { pool: input.pool, currency: currency.name, amount: toAmountString(amount), funded };
}
