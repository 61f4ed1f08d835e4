import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatGrouped } from '../../lib/format';
import type { MicroBalance, WalletGroup } from './api';
import { TOTAL_DECIMALS, toMicroRow } from './assets';
import { BalanceTable } from './BalanceTable';
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
      <BalanceTable
        rows={rows}
        hidden={hidden}
        ids={{ row: 'micro-account-row', available: 'micro-account-available' }}
        frozenLabel={t('micro.inOrders')}
        actions={(row) => (
          <>
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
          </>
        )}
      />
    </section>
  );
}
