import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeBalance } from './api';
import { toBalanceRow, visibleRows, type BalanceRow } from './assets';
import { BalanceTable } from './BalanceTable';
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
      <BalanceTable
        rows={shown}
        hidden={hidden}
        ids={{ row: 'assets-row', available: 'assets-available', frozen: 'assets-frozen' }}
        empty={search || hideZero ? t('assets.noMatch') : undefined}
        actions={(row) => (
          <>
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
          </>
        )}
      />
      {depositing && <DepositDialog row={depositing} onClose={() => setDepositing(null)} />}
    </section>
  );
}
