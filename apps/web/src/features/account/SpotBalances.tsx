import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatGrouped } from '../../lib/format';
import type { ChangeBalance } from './api';
import {
  BALANCE_DECIMALS,
  formatAmount,
  TOTAL_DECIMALS,
  toBalanceRow,
  visibleRows,
  type BalanceRow,
} from './assets';
import { DepositDialog } from './DepositDialog';
import './i18n';

/** The spot ("change") account table: coin, available, frozen, value; deposit and transfer per row. */
export function SpotBalances({ balances, hidden }: { balances: ChangeBalance[]; hidden: boolean }) {
  const { t } = useTranslation('account');
  const [hideZero, setHideZero] = useState(false);
  const [search, setSearch] = useState('');
  const [depositing, setDepositing] = useState<BalanceRow | null>(null);
  const rows = useMemo(() => balances.map(toBalanceRow), [balances]);
  const shown = visibleRows(rows, { hideZero, search });
  const mask = (text: string) => (hidden ? '******' : text);

  return (
    <section className="panel">
      <header className="panel-header assets-table-header">
        <span>{t('assets.spotAccount')}</span>
        <div className="assets-tools">
          <input
            className="input assets-search"
            value={search}
            placeholder={t('assets.searchCoin')}
            aria-label={t('assets.searchCoin')}
            data-testid="assets-search"
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="checkbox assets-hide-zero">
            <input
              type="checkbox"
              checked={hideZero}
              data-testid="assets-hide-zero"
              onChange={(event) => setHideZero(event.target.checked)}
            />
            <span>{t('assets.hideZero')}</span>
          </label>
        </div>
      </header>
      <div className="assets-table-wrap">
        <table className="table assets-table">
          <thead>
            <tr>
              <th>{t('assets.coin')}</th>
              <th className="right">{t('assets.available')}</th>
              <th className="right">{t('assets.frozen')}</th>
              <th className="right">{t('assets.total')}</th>
              <th className="right">{t('assets.valuation')}</th>
              <th className="right">{t('assets.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-testid="assets-row" data-currency={row.name}>
                <td>
                  <div className="coin-cell">
                    <span className="coin-icon" aria-hidden="true">
                      {row.name.slice(0, 1)}
                    </span>
                    <strong>{row.name}</strong>
                  </div>
                </td>
                <td className="right num" data-testid="assets-available">
                  {mask(formatGrouped(row.available, BALANCE_DECIMALS))}
                </td>
                <td className="right num" data-testid="assets-frozen">
                  {mask(formatGrouped(row.frozen, BALANCE_DECIMALS))}
                </td>
                <td className="right num">{mask(formatGrouped(row.total, BALANCE_DECIMALS))}</td>
                <td className="right num secondary">{mask(formatAmount(row.valueUsdt, TOTAL_DECIMALS))}</td>
                <td className="right">
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn-link row-action"
                      data-testid="assets-recharge"
                      onClick={() => setDepositing(row)}
                    >
                      {t('assets.deposit')}
                    </button>
                    {row.tradable && row.name !== 'USDT' && (
                      <Link to="/dealCenter" className="row-action">
                        {t('assets.trade')}
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && (
          <div className="empty">{search || hideZero ? t('assets.noMatch') : t('common:noData')}</div>
        )}
      </div>
      {depositing && <DepositDialog row={depositing} onClose={() => setDepositing(null)} />}
    </section>
  );
}
