import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatGrouped } from '../../lib/format';
import type { LeverBalance } from './api';
import { BALANCE_DECIMALS, formatAmount, leverBalanceRow, TOTAL_DECIMALS } from './assets';
import './i18n';

/**
 * The lever (futures) account in the assets area (document 3, sections 2 and 3): coin, available, frozen,
 * value; transfer, log and trade links per row.
 */
export function LeverBalances({ balances, hidden }: { balances: LeverBalance[]; hidden: boolean }) {
  const { t } = useTranslation('account');
  const rows = balances.map(leverBalanceRow);
  const mask = (text: string) => (hidden ? '******' : text);

  return (
    <section className="panel" data-testid="lever-balances">
      <header className="panel-header assets-table-header">
        <span>{t('assets.leverAccount')}</span>
        <div className="row-actions">
          <Link to="/transferLever" className="row-action" data-testid="assets-lever-transfer">
            {t('assets.transfer')}
          </Link>
          <Link to="/leverRecord" className="row-action">
            {t('assets.records')}
          </Link>
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
            {rows.map((row) => (
              <tr key={row.id} data-testid="lever-assets-row" data-currency={row.name}>
                <td>
                  <div className="coin-cell">
                    <span className="coin-icon" aria-hidden="true">
                      {row.name.slice(0, 1)}
                    </span>
                    <strong>{row.name}</strong>
                  </div>
                </td>
                <td className="right num" data-testid="lever-assets-available">
                  {mask(formatGrouped(row.available, BALANCE_DECIMALS))}
                </td>
                <td className="right num">{mask(formatGrouped(row.frozen, BALANCE_DECIMALS))}</td>
                <td className="right num">{mask(formatGrouped(row.total, BALANCE_DECIMALS))}</td>
                <td className="right num secondary">{mask(formatAmount(row.valueUsdt, TOTAL_DECIMALS))}</td>
                <td className="right">
                  <div className="row-actions">
                    <Link to="/transferLever" className="row-action">
                      {t('assets.transfer')}
                    </Link>
                    <Link to="/leverdealCenter" className="row-action">
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
