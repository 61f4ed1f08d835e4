import type { RecordPage, recordRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { ChainDeposit, Currency, Db, Deposit, Withdrawal } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { depositProgress } from './chain/deposit-progress';
import { CHAIN_DEPOSIT_STATE } from './chain/watcher';
import { findCurrency } from './currencies';

/** A deposit's status as the record page shows it: 1 submitted, 2 done, 3 failed. */
const depositStatus = (status: number) => (status === 1 ? 2 : status === 0 ? 1 : 3);

type WithCurrency<Row> = Row & { currency: Currency };

type DepositRow = WithCurrency<Deposit> & { chain: ChainDeposit | null };

/** The deposit records of a page: a chain deposit by its transaction hash, counting while pending. */
async function depositRecords(prisma: Db, rows: DepositRow[]) {
  const pending = rows.flatMap((row) =>
    row.chain?.state === CHAIN_DEPOSIT_STATE.pending ? [row.chain] : [],
  );
  const progressOf = await depositProgress(prisma, pending);
  return rows.map((deposit) => ({
    id: deposit.id,
    currency_name: deposit.currency.name,
    number: toAmountString(deposit.amount.toFixed()),
    address: deposit.from_address,
    txid: deposit.chain?.tx_hash ?? deposit.external_id,
    status: depositStatus(deposit.status),
    notes: '',
    create_time: formatDateTime(deposit.created_at),
    ...(deposit.chain?.state === CHAIN_DEPOSIT_STATE.pending ? progressOf(deposit.chain) : {}),
  }));
}

const withdrawalRecord = (withdrawal: WithCurrency<Withdrawal>) => ({
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
});

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
  const where = { user_id: userId, currency_id: currency?.id };
  const query = { where, orderBy: { id: 'desc' as const }, skip: (page - 1) * limit, take: limit };
  const include = { currency: true };
  const [count, list] =
    form.type === 'buy'
      ? await Promise.all([
          prisma.deposit.count({ where }),
          prisma.deposit
            .findMany({ ...query, include: { ...include, chain: true } })
            .then((rows) => depositRecords(prisma, rows)),
        ])
      : await Promise.all([
          prisma.withdrawal.count({ where }),
          prisma.withdrawal.findMany({ ...query, include }).then((rows) => rows.map(withdrawalRecord)),
        ]);
  return { list, count, page, limit };
}
