import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGrouped } from '../../lib/format';
import { BALANCE_DECIMALS, formatAmount, TOTAL_DECIMALS, type BalanceRow } from './assets';
import './i18n';

/** What a row of the table shows. */
export type TableRow = Pick<BalanceRow, 'id' | 'name' | 'available' | 'frozen' | 'total' | 'valueUsdt'>;

/** The test ids of one account's table: its rows and their amount cells. */
export interface BalanceTableIds {
  row: string;
  available: string;
  frozen?: string;
}

/**
 * The table every account of the assets area shows: coin, available, frozen (or "in orders"), total, value
 * in USDT and the account's actions per row; amounts masked while the owner hides them.
 */
export function BalanceTable<Row extends TableRow>({
  rows,
  hidden,
  ids,
  frozenLabel,
  empty,
  actions,
}: {
  rows: Row[];
  hidden: boolean;
  ids: BalanceTableIds;
  frozenLabel?: string;
  empty?: string;
  actions: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const mask = (text: string) => (hidden ? '******' : text);
  return (
    <div className="assets-table-wrap">
      <table className="table assets-table">
        <thead>
          <tr>
            <th>{t('assets.coin')}</th>
            <th className="right">{t('assets.available')}</th>
            <th className="right">{frozenLabel ?? t('assets.frozen')}</th>
            <th className="right">{t('assets.total')}</th>
            <th className="right">{t('assets.valuation')}</th>
            <th className="right">{t('assets.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={ids.row} data-currency={row.name}>
              <td>
                <div className="coin-cell">
                  <span className="coin-icon" aria-hidden="true">
                    {row.name.slice(0, 1)}
                  </span>
                  <strong>{row.name}</strong>
                </div>
              </td>
              <td className="right num" data-testid={ids.available}>
                {mask(formatGrouped(row.available, BALANCE_DECIMALS))}
              </td>
              <td className="right num" data-testid={ids.frozen}>
                {mask(formatGrouped(row.frozen, BALANCE_DECIMALS))}
              </td>
              <td className="right num">{mask(formatGrouped(row.total, BALANCE_DECIMALS))}</td>
              <td className="right num secondary">{mask(formatAmount(row.valueUsdt, TOTAL_DECIMALS))}</td>
              <td className="right">
                <div className="row-actions">{actions(row)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <div className="empty">{empty ?? t('common:noData')}</div>}
    </div>
  );
}
