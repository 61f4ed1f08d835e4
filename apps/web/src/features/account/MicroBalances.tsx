import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatGrouped } from '../../lib/format';
import type { MicroBalance, WalletGroup } from './api';
import { BALANCE_DECIMALS, formatAmount, TOTAL_DECIMALS, toMicroRow } from './assets';
import './i18n';

/**
 * The options (micro) account (document 3, section 3): per coin available and in running orders, its total
 * in USDT, a transfer from or to the spot account (`/transfermicro`) and a way to the seconds screen.
 */
export function MicroBalances({ wallet, hidden }: { wallet: WalletGroup<MicroBalance>; hidden: boolean }) {
  const { t } = useTranslation('account');
  const rows = useMemo(() => wallet.balance.map(toMicroRow), [wallet.balance]);
  const mask = (text: string) => (hidden ? '******' : text);

  return (
    <section className="panel" data-testid="micro-account">
      <header className="panel-header assets-table-header">
        <span>{t('micro.title')}</span>
        <span className="secondary num" data-testid="micro-account-total">
          ≈ {mask(formatGrouped(wallet.usdt_totle, TOTAL_DECIMALS))} USDT
        </span>
      </header>
      <div className="assets-table-wrap">
        <table className="table assets-table">
          <thead>
            <tr>
              <th>{t('assets.coin')}</th>
              <th className="right">{t('assets.available')}</th>
              <th className="right">{t('micro.inOrders')}</th>
              <th className="right">{t('assets.total')}</th>
              <th className="right">{t('assets.valuation')}</th>
              <th className="right">{t('assets.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="micro-account-row" data-currency={row.name}>
                <td>
                  <div className="coin-cell">
                    <span className="coin-icon" aria-hidden="true">
                      {row.name.slice(0, 1)}
                    </span>
                    <strong>{row.name}</strong>
                  </div>
                </td>
                <td className="right num" data-testid="micro-account-available">
                  {mask(formatGrouped(row.available, BALANCE_DECIMALS))}
                </td>
                <td className="right num">{mask(formatGrouped(row.frozen, BALANCE_DECIMALS))}</td>
                <td className="right num">{mask(formatGrouped(row.total, BALANCE_DECIMALS))}</td>
                <td className="right num secondary">{mask(formatAmount(row.valueUsdt, TOTAL_DECIMALS))}</td>
                <td className="right">
                  <div className="row-actions">
                    <Link
                      to={`/transfermicro?currency=${row.currency}`}
                      className="row-action"
                      data-testid="micro-account-transfer"
                    >
                      {t('micro.transfer')}
                    </Link>
                    <Link to="/secondsOrder" className="row-action">
                      {t('assets.trade')}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <div className="empty">{t('common:noData')}</div>}
      </div>
    </section>
  );
}
