import type { TFunction } from 'i18next';
import type { AccountLog } from '@exchange/contracts';
import type { Column, MaybeColumn } from '../../components/DataTable';
import { timeColumn } from '../../components/tableColumns';
import { direction } from '../../lib/format';
import { formatAmount, formatSigned } from './assets';

const ACCOUNTS = ['change', 'legal', 'lever', 'micro'];

/** The record's coin, in bold. */
export function coinColumn<Row>(t: TFunction<'assets'>, nameOf: (row: Row) => string): Column<Row> {
  return { header: t('table.coin'), cell: (row) => <strong>{nameOf(row)}</strong> };
}

/** An amount at the balances' precision, on the right. */
export function amountColumn<Row>(
  header: string,
  amountOf: (row: Row) => string,
  testId?: string,
): Column<Row> {
  return {
    header,
    align: 'right',
    cell: (row) => (
      <span className="num" data-testid={testId}>
        {formatAmount(amountOf(row))}
      </span>
    ),
  };
}

/**
 * The columns of an account log: time, the coin where several show, the account where every account's
 * rows show (the frozen mark beside it, else beside the entry), the entry, the signed change (green in, red
 * out, under `valueTestId`) and the balance after.
 */
export function logColumns(
  t: TFunction<'assets'>,
  { valueTestId, withCoin, withAccount }: { valueTestId: string; withCoin: boolean; withAccount: boolean },
): MaybeColumn<AccountLog>[] {
  const frozen = (row: AccountLog) =>
    row.is_lock === 1 && <span className="badge log-lock">{t('table.frozen')}</span>;
  return [
    timeColumn<AccountLog>(t('log.time'), (row) => row.created_time),
    withCoin && coinColumn(t, (row) => row.currency_name),
    withAccount && {
      header: t('log.account'),
      cell: (row) => (
        <span className="secondary">
          {ACCOUNTS.includes(row.account) ? t(`accounts.${row.account}`) : row.account}
          {frozen(row)}
        </span>
      ),
    },
    {
      header: t('log.type'),
      cell: (row) => (
        <>
          {row.info}
          {!withAccount && frozen(row)}
        </>
      ),
    },
    {
      header: t('log.amount'),
      align: 'right',
      cell: (row) => {
        const move = direction(row.value);
        return (
          <span className={`num${move > 0 ? ' up' : move < 0 ? ' down' : ''}`} data-testid={valueTestId}>
            {formatSigned(row.value)}
          </span>
        );
      },
    },
    {
      header: t('log.after'),
      align: 'right',
      cell: (row) => <span className="num">{formatAmount(row.after)}</span>,
    },
  ];
}
