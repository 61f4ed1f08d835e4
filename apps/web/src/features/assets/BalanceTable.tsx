import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatBalance, TOTAL_DECIMALS, type BalanceRow } from './assets';

/** The test ids of one account's table: its rows and their amount cells. */
export interface BalanceTableIds {
  row: string;
  available: string;
  frozen: string;
}

/**
 * The table every account list shows: coin, available, frozen, total, value in USDT and the account's actions
 * per row; amounts masked while the owner hides them; an optional panel opened under one row.
 */
export function BalanceTable({
  rows,
  hidden,
  ids,
  empty,
  actions,
  expanded,
}: {
  rows: BalanceRow[];
  hidden: boolean;
  ids: BalanceTableIds;
  empty?: string;
  actions: (row: BalanceRow) => ReactNode;
  expanded?: (row: BalanceRow) => ReactNode;
}) {
  const { t } = useTranslation('assets');
  const mask = (text: string) => (hidden ? '******' : text);
  return (
    <div className="assets-table-wrap">
      <table className="table assets-table">
        <thead>
          <tr>
            <th>{t('table.coin')}</th>
            <th className="right">{t('table.available')}</th>
            <th className="right">{t('table.frozen')}</th>
            <th className="right">{t('table.total')}</th>
            <th className="right">{t('table.valuation')}</th>
            <th className="right">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const panel = expanded?.(row);
            return (
              <Fragment key={row.currency}>
                <tr data-testid={ids.row} data-currency={row.name}>
                  <td>
                    <div className="coin-cell">
                      <span className="coin-icon" aria-hidden="true">
                        {row.name.slice(0, 1)}
                      </span>
                      <strong>{row.name}</strong>
                    </div>
                  </td>
                  <td className="right num" data-testid={ids.available}>
                    {mask(formatBalance(row.available))}
                  </td>
                  <td className="right num" data-testid={ids.frozen}>
                    {mask(formatBalance(row.frozen))}
                  </td>
                  <td className="right num">{mask(formatBalance(row.total))}</td>
                  <td className="right num secondary">{mask(formatAmount(row.valueUsdt, TOTAL_DECIMALS))}</td>
                  <td className="right">
                    <div className="row-actions">{actions(row)}</div>
                  </td>
                </tr>
                {panel && (
                  <tr className="assets-panel-row">
                    <td colSpan={6}>{panel}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && <div className="empty">{empty ?? t('common:noData')}</div>}
    </div>
  );
}
