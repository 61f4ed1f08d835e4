import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeverBalance } from './api';
import { leverBalanceRow } from './assets';
import { BalanceTable } from './BalanceTable';
import './i18n';

/**
 * The lever (futures) account in the assets area (document 3, sections 2 and 3): coin, available, frozen,
 * value; transfer, log and trade links per row.
 */
export function LeverBalances({ balances, hidden }: { balances: LeverBalance[]; hidden: boolean }) {
  const { t } = useTranslation('account');
  const rows = balances.map(leverBalanceRow);

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
      <BalanceTable
        rows={rows}
        hidden={hidden}
        ids={{ row: 'lever-assets-row', available: 'lever-assets-available' }}
        actions={() => (
          <>
            <Link to="/transferLever" className="row-action">
              {t('assets.transfer')}
            </Link>
            <Link to="/leverdealCenter" className="row-action">
              {t('assets.trade')}
            </Link>
          </>
        )}
      />
    </section>
  );
}
