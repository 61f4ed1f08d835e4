import type { RecordPage, recordRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { findCurrency } from './currencies';

/** A deposit's status as the record page shows it: 1 submitted, 2 done, 3 failed. */
const depositStatus = (status: number) => (status === 1 ? 2 : status === 0 ? 1 : 3);

/**
 * The caller's deposit and withdrawal records (`coinRecord`, `tbrec`), newest first: the record page's two
 * tabs, type buy listing deposits and anything else withdrawals.
 */
export async function depositWithdrawalRecords(
  prisma: Db,
  userId: number,
  form: z.output<typeof recordRequestSchema>,
): Promise<RecordPage> {
  const { page, limit } = form;
  const currency = form.currency ? await findCurrency(prisma, form.currency) : undefined;
  const query = {
    where: { user_id: userId, currency_id: currency?.id },
    orderBy: { id: 'desc' as const },
    skip: (page - 1) * limit,
    take: limit,
    include: { currency: true },
  };
  const paged = { page, limit };
  if (form.type === 'buy') {
    const [count, deposits] = await Promise.all([
      prisma.deposit.count({ where: query.where }),
      prisma.deposit.findMany(query),
    ]);
    const list = deposits.map((deposit) => ({
      id: deposit.id,
      currency_name: deposit.currency.name,
      number: toAmountString(deposit.amount.toFixed()),
      address: deposit.from_address,
      txid: deposit.external_id,
      status: depositStatus(deposit.status),
      notes: '',
      create_time: formatDateTime(deposit.created_at),
    }));
    return { list, count, ...paged };
  }
  const [count, withdrawals] = await Promise.all([
    prisma.withdrawal.count({ where: query.where }),
    prisma.withdrawal.findMany(query),
  ]);
  const list = withdrawals.map((withdrawal) => ({
    id: withdrawal.id,
    currency_name: withdrawal.currency.name,
    channel: withdrawal.channel,
    number: toAmountString(withdrawal.number.toFixed()),
    rate: toAmountString(withdrawal.rate.toFixed()),
    real_number: toAmountString(withdrawal.real_number.toFixed()),
    address: withdrawal.address,
    memo: withdrawal.memo,
    txid: withdrawal.txid,
    status: withdrawal.status,
    notes: withdrawal.notes,
    create_time: formatDateTime(withdrawal.created_at),
  }));
  return { list, count, ...paged };
}
